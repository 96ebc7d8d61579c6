import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse } from './api-error';
import { BUSY_RETRIES, shouldRetryRead } from './retry';

const busy = errorFromResponse(503, { code: 503, success: false, message: '服务繁忙，请稍后重试', data: null });

describe('shouldRetryRead', () => {
  it('retries a 503 with backoff, BUSY_RETRIES times, and shows the server message after', () => {
    expect(busy.message).toBe('服务繁忙，请稍后重试');
    for (let n = 0; n < BUSY_RETRIES; n++) expect(shouldRetryRead(n, busy)).toBe(true);
    expect(shouldRetryRead(BUSY_RETRIES, busy)).toBe(false);
  });

  it('retries a 503 without an envelope too (a proxy, a server closing)', () => {
    expect(shouldRetryRead(0, errorFromResponse(503, undefined))).toBe(true);
  });

  it('does not retry an answer that would be the same again', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500]) {
      expect(shouldRetryRead(0, errorFromResponse(status, { code: status, success: false, message: 'x', data: null }))).toBe(false);
    }
  });

  it('retries a lost connection twice', () => {
    const lost = new ApiError('网络连接失败，请检查网络后重试', 0, 'network');
    expect(shouldRetryRead(0, lost)).toBe(true);
    expect(shouldRetryRead(1, lost)).toBe(true);
    expect(shouldRetryRead(2, lost)).toBe(false);
  });
});
