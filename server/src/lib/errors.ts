export interface FieldError {
  field: string;
  message: string;
}

/** An error the API reports to its caller with the given status and Chinese message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorFields?: FieldError[],
    /** The envelope's `data` of a refusal that tells the caller more than its message (a 409's risks). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthorized = (message = '登录已失效，请重新登录') => new AppError(401, message);
export const forbidden = (message = '没有权限执行该操作') => new AppError(403, message);
export const notFound = (message = '资源不存在') => new AppError(404, message);
export const tooMany = (message: string) => new AppError(429, message);
export const conflict = (message: string) => new AppError(409, message);

/** 422 for a rule that only the server can check (a wrong code, a taken phone…). */
export function invalid(field: string, message: string): AppError {
  return new AppError(422, message, [{ field, message }]);
}
