import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_TEXT, MSG } from '@/shared/config/messages';
import { errorFromResponse, httpStatusText, isFailedEnvelope } from './api-error';

describe('error mapping (spec §8)', () => {
  it('body code 401 → token失效', () => {
    const e = errorFromResponse(401, { code: 401, success: false, message: '登录已失效', data: null });
    expect(e.message).toBe(MSG.tokenExpired);
    expect(e.isUnauthorized).toBe(true);
    expect(errorFromResponse(200, { code: 401, success: false, message: 'x' }).isUnauthorized).toBe(true);
    expect(errorFromResponse(401, undefined).message).toBe(MSG.tokenExpired);
  });
  it('422 shows the first of the error fields and keeps them all', () => {
    const e = errorFromResponse(422, {
      code: 422,
      success: false,
      message: '手机号格式不正确',
      error_fields: [
        { field: 'phone', message: '手机号格式不正确' },
        { field: 'password', message: '密码长度为8-64位' },
      ],
    });
    expect(e.message).toBe('手机号格式不正确');
    expect(e.fieldErrors.map((f) => f.field)).toEqual(['phone', 'password']);
    expect(e.fieldMessage('password')).toBe('密码长度为8-64位');
  });
  it('other failures show the server message, fallback 服务端错误', () => {
    expect(errorFromResponse(403, { code: 403, success: false, message: '拒绝访问' }).message).toBe('拒绝访问');
    expect(errorFromResponse(500, { code: 500, success: false, message: '' }).message).toBe(MSG.serverError);
    expect(errorFromResponse(200, { code: 500, success: false }).message).toBe(MSG.serverError);
  });
  it('without an envelope the HTTP status text is shown, else the system-exception text', () => {
    for (const [status, text] of Object.entries(HTTP_STATUS_TEXT)) {
      if (status === '401') continue;
      expect(errorFromResponse(Number(status), '<html>').message).toBe(text);
    }
    expect(errorFromResponse(418, undefined).message).toBe(MSG.systemException);
    expect(httpStatusText(599)).toBe(MSG.systemException);
  });
  it('recognises a failed envelope in a 2xx response', () => {
    expect(isFailedEnvelope({ code: 200, success: true, data: 1 })).toBe(false);
    expect(isFailedEnvelope({ code: 200, success: false })).toBe(true);
    expect(isFailedEnvelope({ code: 500, success: true })).toBe(true);
    expect(isFailedEnvelope([1, 2])).toBe(false);
  });
});
