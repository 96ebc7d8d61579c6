/**
 * The SMS drivers (SMS_SENDER=aliyun, webhook) through the real app, against local stand-ins of the
 * providers that verify each request as the provider would (support/sms-providers.ts), and what a
 * person sees when the provider refuses or does not answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsConfig, SmsScene } from '../src/config/env.js';
import { advanceClock } from '../src/lib/time.js';
import { createSmsSender, SmsDeliveryError } from '../src/modules/auth/sms/index.js';
import { dialects, expectEnvelope, freshPhone, type TestApp, useTestApp } from './support/harness.js';
import { type FakeProvider, startFakeAliyunSms, startFakeSmsWebhook } from './support/sms-providers.js';

const ALIYUN_TEMPLATES: Record<SmsScene, string> = {
  register: 'SMS_100000001',
  login: 'SMS_100000002',
  reset_password: 'SMS_100000003',
  change_phone: 'SMS_100000004',
  bank_info: 'SMS_100000005',
  exam_candidate: 'SMS_100000006',
};
const aliyunAccount = {
  accessKeyId: 'LTAI5tTestAccessKey',
  accessKeySecret: 'test-secret/with+chars=&more',
  signName: '设计师工作台',
  templates: Object.values(ALIYUN_TEMPLATES),
};
const WEBHOOK_SECRET = 'w'.repeat(16) + 'webhook-secret-0123456789';

/** A verify-code call; returns the response. */
const askCode = (t: TestApp, phone: string, scene: SmsScene = 'register') => t.anon.post('/api/user/verify-code', { phone, scene });

/** The checks a provider failure must pass: a retryable Chinese 503, no code kept, no wait used up. */
async function expectUndeliveredThenRetry(t: TestApp, provider: FakeProvider, mode: 'refuse' | 'hang', message: string) {
  const phone = freshPhone();
  provider.mode = mode;
  const failed = expectEnvelope(await askCode(t, phone), 503);
  expect(failed.message).toBe(message);
  expect(await t.db.selectFrom('verify_codes').select('id').where('phone', '=', phone).execute()).toEqual([]);
  expect(provider.codeFor(phone)).toBeUndefined();
  // The provider is back: the phone may ask again at once, and that code works.
  provider.mode = 'accept';
  expectEnvelope(await askCode(t, phone), 200);
  const code = provider.codeFor(phone)!;
  expectEnvelope(await t.anon.post('/api/user/register', { phone, code, password: 'Passw0rd!x' }), 200);
}

describe.each(dialects)('SMS_SENDER=aliyun (%s)', (dialect) => {
  const sms: SmsConfig & { driver: 'aliyun' } = {
    driver: 'aliyun',
    accessKeyId: aliyunAccount.accessKeyId,
    accessKeySecret: aliyunAccount.accessKeySecret,
    signName: aliyunAccount.signName,
    templates: ALIYUN_TEMPLATES,
    endpoint: 'set in beforeAll',
    region: 'cn-hangzhou',
    timeoutMs: 400,
  };
  let aliyun: FakeProvider;
  // Registered before the app's hooks, so the provider listens before the app is built.
  beforeAll(async () => {
    aliyun = await startFakeAliyunSms(aliyunAccount);
    sms.endpoint = aliyun.url;
  });
  afterAll(() => aliyun.close());
  const t = useTestApp(dialect, { config: { sms }, seed: false });

  it('sends the code through SendSms, signed, with the scene’s template, and the code works', async () => {
    const phone = freshPhone();
    expectEnvelope(await askCode(t, phone), 200);
    expect(aliyun.rejected).toEqual([]);
    expect(aliyun.delivered.filter((d) => d.phone === phone)).toEqual([{ phone, template: ALIYUN_TEMPLATES.register, code: expect.stringMatching(/^\d{6}$/) }]);
    // Nothing goes to the demo outbox with a real provider.
    expect(await t.db.selectFrom('sms_outbox').select('id').where('phone', '=', phone).execute()).toEqual([]);
    expectEnvelope(await t.anon.post('/api/user/register', { phone, code: aliyun.codeFor(phone), password: 'Passw0rd!x' }), 200);

    advanceClock(61_000); // one code per phone per 60 s
    expectEnvelope(await askCode(t, phone, 'reset_password'), 200);
    expect(aliyun.delivered.at(-1)).toMatchObject({ phone, template: ALIYUN_TEMPLATES.reset_password });
    expectEnvelope(await t.anon.post('/api/user/reset-password', { phone, code: aliyun.codeFor(phone), password: 'N3wPassw0rd!' }), 200);
    expectEnvelope(await t.anon.post('/api/user/login', { phone, password: 'N3wPassw0rd!' }), 200);
  });

  it('the provider recomputes the signature: a wrong secret is refused as SignatureDoesNotMatch', async () => {
    const wrong = createSmsSender({ ...sms, accessKeySecret: 'not-the-secret' }, { db: t.db, log: t.app.log });
    const error = await wrong.send(freshPhone(), 'login', '123456').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as SmsDeliveryError).reason).toBe('refused');
    expect((error as SmsDeliveryError).detail).toContain('SignatureDoesNotMatch');
    expect(aliyun.rejected.at(-1)).toMatch(/^SignatureDoesNotMatch/);
  });

  it('a template the account does not have is the provider’s refusal, not a delivery', async () => {
    const other = createSmsSender({ ...sms, templates: { ...ALIYUN_TEMPLATES, login: 'SMS_999' } }, { db: t.db, log: t.app.log });
    const error = (await other.send(freshPhone(), 'login', '123456').catch((e: unknown) => e)) as SmsDeliveryError;
    expect(error.detail).toContain('isv.SMS_TEMPLATE_ILLEGAL');
  });

  it('a refusal (flow control) is a retryable Chinese error; no code is kept and the 60 s wait is not used up', async () => {
    await expectUndeliveredThenRetry(t, aliyun, 'refuse', '短信发送失败，请稍后重试');
  });

  it('no answer within SMS_TIMEOUT_MS is a retryable Chinese error too', async () => {
    await expectUndeliveredThenRetry(t, aliyun, 'hang', '短信服务响应超时，请稍后重试');
  });

  it('an unreachable provider is the same retryable error', async () => {
    const down = createSmsSender({ ...sms, endpoint: 'http://127.0.0.1:1' }, { db: t.db, log: t.app.log });
    const error = (await down.send(freshPhone(), 'login', '123456').catch((e: unknown) => e)) as SmsDeliveryError;
    expect(error.reason).toBe('unreachable');
  });
});

describe.each(dialects)('SMS_SENDER=webhook (%s)', (dialect) => {
  const sms: SmsConfig & { driver: 'webhook' } = { driver: 'webhook', url: 'set in beforeAll', secret: WEBHOOK_SECRET, timeoutMs: 400 };
  let hook: FakeProvider;
  beforeAll(async () => {
    hook = await startFakeSmsWebhook(WEBHOOK_SECRET);
    sms.url = `${hook.url}/sms`;
  });
  afterAll(() => hook.close());
  const t = useTestApp(dialect, { config: { sms }, seed: false });

  it('posts a signed JSON body with the phone, scene, code and text, and the code works', async () => {
    const phone = freshPhone();
    expectEnvelope(await askCode(t, phone), 200);
    expect(hook.rejected).toEqual([]);
    const [sent] = hook.delivered.filter((d) => d.phone === phone);
    expect(sent).toEqual({ phone, template: 'register', code: expect.stringMatching(/^\d{6}$/), text: expect.stringContaining(`验证码 ${sent!.code}`) });
    expectEnvelope(await t.anon.post('/api/user/register', { phone, code: sent!.code, password: 'Passw0rd!x' }), 200);
  });

  it('the endpoint checks the signature: another secret is refused', async () => {
    const wrong = createSmsSender({ ...sms, secret: 'x'.repeat(40) }, { db: t.db, log: t.app.log });
    const error = (await wrong.send(freshPhone(), 'login', '123456').catch((e: unknown) => e)) as SmsDeliveryError;
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error.detail).toMatch(/^webhook 401/);
    expect(hook.rejected.at(-1)).toBe('bad signature');
  });

  it('a non-2xx answer is a retryable Chinese error; no code is kept and the wait is not used up', async () => {
    await expectUndeliveredThenRetry(t, hook, 'refuse', '短信发送失败，请稍后重试');
  });

  it('no answer in time is a retryable Chinese error', async () => {
    await expectUndeliveredThenRetry(t, hook, 'hang', '短信服务响应超时，请稍后重试');
  });
});
