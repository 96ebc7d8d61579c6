/**
 * Errors of the embedded object store, answered the way an OSS bucket answers them: an XML
 * `<Error>` document with Code, Message, RequestId and HostId, status 400/403/404 (429 past the
 * per-IP limit).
 */
export class OssError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OssError';
  }
}

export const ossErrors = {
  missingField: (name: string) => new OssError(400, 'InvalidArgument', `The form field ${name} is missing.`),
  duplicateField: (name: string) => new OssError(400, 'InvalidArgument', `The form field ${name} is given more than once.`),
  malformed: () => new OssError(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'),
  invalidArgument: (message: string) => new OssError(400, 'InvalidArgument', message),
  invalidAccessKeyId: () => new OssError(403, 'InvalidAccessKeyId', 'The OSS Access Key Id you provided does not exist in our records.'),
  signatureMismatch: () =>
    new OssError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.'),
  invalidPolicy: (detail: string) => new OssError(400, 'InvalidPolicyDocument', `Invalid Policy: ${detail}`),
  policyExpired: () => new OssError(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.'),
  conditionFailed: (condition: unknown) =>
    new OssError(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`),
  requestExpired: () => new OssError(403, 'AccessDenied', 'Request has expired.'),
  timeTooSkewed: () => new OssError(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.'),
  tooLarge: () => new OssError(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.'),
  tooSmall: () => new OssError(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.'),
  invalidObjectName: () => new OssError(400, 'InvalidObjectName', 'The specified object name is not valid.'),
  /** A read of a private object without a valid signed URL (as a private bucket answers it). */
  readDenied: (reason: 'missing' | 'expired' | 'mismatch') =>
    reason === 'expired'
      ? new OssError(403, 'AccessDenied', 'Request has expired.')
      : reason === 'mismatch'
        ? new OssError(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.')
        : new OssError(403, 'AccessDenied', 'You have no right to access this object because of bucket acl.'),
  noSuchKey: () => new OssError(404, 'NoSuchKey', 'The specified key does not exist.'),
  /** The per-IP limit of calls without a token (`publicPerIp`); 429 like the API, in the bucket's words. */
  slowDown: () => new OssError(429, 'SlowDown', 'Please reduce your request rate.'),
  internal: () => new OssError(500, 'InternalError', 'We encountered an internal error. Please try again.'),
};

/** Escapes XML text content (quotes need no escaping outside attributes). */
export function escapeXml(s: string): string {
  return s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
}

export function ossErrorXml(err: OssError, requestId: string, hostId: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Error>',
    `  <Code>${escapeXml(err.code)}</Code>`,
    `  <Message>${escapeXml(err.message)}</Message>`,
    `  <RequestId>${escapeXml(requestId)}</RequestId>`,
    `  <HostId>${escapeXml(hostId)}</HostId>`,
    '</Error>',
    '',
  ].join('\n');
}
