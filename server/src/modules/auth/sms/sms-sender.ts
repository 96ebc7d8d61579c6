import type { SmsScene } from '../../../config/env.js';

/** Delivers a verification code to a phone. Resolves once the provider has accepted the message. */
export interface SmsSender {
  send(phone: string, scene: SmsScene, code: string): Promise<void>;
}

/**
 * The provider did not accept the message: it refused it (`refused`, with its own reason for the
 * log), did not answer in time (`timeout`), or could not be reached (`unreachable`). Nothing was
 * delivered, so the caller may try again.
 */
export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: 'refused' | 'timeout' | 'unreachable',
    readonly detail: string,
  ) {
    super(`SMS not delivered (${reason}): ${detail}`);
    this.name = 'SmsDeliveryError';
  }
}

const SCENE_TEXT: Record<SmsScene, string> = {
  register: '注册账号',
  login: '登录',
  reset_password: '重置密码',
  change_phone: '更换手机号',
  bank_info: '修改收款信息',
  exam_candidate: '验证手机号参加在线考试',
};

/** The text a phone shows, for senders that send text rather than a provider's template. */
export function smsText(scene: SmsScene, code: string): string {
  return `【设计师工作台】您正在${SCENE_TEXT[scene]}，验证码 ${code}，5分钟内有效。如非本人操作请忽略。`;
}

/**
 * A fetch to a provider with the configured time limit, its failures as SmsDeliveryError. Returns
 * the status and the body text; deciding whether that is an acceptance is the driver's.
 */
export async function callProvider(url: string, init: RequestInit, timeoutMs: number): Promise<{ status: number; body: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new SmsDeliveryError('timeout', `no answer from ${new URL(url).host} within ${timeoutMs} ms`);
    throw new SmsDeliveryError('unreachable', `${new URL(url).host}: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`);
  }
}
