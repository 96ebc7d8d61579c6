/** Environment parsing of settings that have no suite of their own. */
import { describe, expect, it } from 'vitest';
import { DEMO_SIMULATOR_RATE_PER_MIN, loadConfig, poolSizeOf } from '../src/config/env.js';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 10 connections an instance and takes an integer', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
  });

  it('refuses what is not a positive integer, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('is shared out among the API workers, at least 2 each', () => {
    expect(poolSizeOf({ databasePoolSize: 10, apiWorkers: 1 })).toBe(10);
    expect(poolSizeOf({ databasePoolSize: 10, apiWorkers: 2 })).toBe(5);
    expect(poolSizeOf({ databasePoolSize: 10, apiWorkers: 3 })).toBe(4);
    expect(poolSizeOf({ databasePoolSize: 3, apiWorkers: 4 })).toBe(2);
  });
});

describe('demo mode and production (NODE_ENV, DEMO_MODE)', () => {
  const webhook = { SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.test/send', SMS_WEBHOOK_SECRET: 's'.repeat(32) };

  it('npm start (no NODE_ENV) is a demo: demo mode on, codes to the log sender', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ production: false, demoMode: true, sms: { driver: 'log' } });
  });

  it('demo mode can be switched off outside production', () => {
    expect(loadConfig({ DEMO_MODE: 'false' }).demoMode).toBe(false);
  });

  it('production defaults demo mode off and needs a real SMS provider', () => {
    const c = loadConfig({ NODE_ENV: 'production', ...webhook });
    expect(c).toMatchObject({ production: true, demoMode: false, sms: { driver: 'webhook', url: webhook.SMS_WEBHOOK_URL, timeoutMs: 5000 } });
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_SENDER: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_SENDER: 'log' })).toThrow(/SMS_SENDER: `log` is refused in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', ...webhook })).toThrow(/DEMO_MODE: demo mode is refused in production/);
  });

  it('SEED_DEMO is refused with the name that replaced it', () => {
    expect(() => loadConfig({ SEED_DEMO: 'false' })).toThrow(/SEED_DEMO: replaced by DEMO_MODE/);
  });
});

describe('SMS_SENDER settings', () => {
  const aliyun = { SMS_SENDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'id', SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret', SMS_ALIYUN_SIGN_NAME: '设计师工作台' };

  it('aliyun: one template for every scene, each scene overridable', () => {
    const c = loadConfig({ ...aliyun, SMS_ALIYUN_TEMPLATE_CODE: 'SMS_1', SMS_ALIYUN_TEMPLATE_RESET_PASSWORD: 'SMS_2', SMS_TIMEOUT_MS: '3000' });
    expect(c.sms).toEqual({
      driver: 'aliyun',
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      signName: '设计师工作台',
      templates: { register: 'SMS_1', login: 'SMS_1', reset_password: 'SMS_2', change_phone: 'SMS_1', bank_info: 'SMS_1', exam_candidate: 'SMS_1' },
      endpoint: 'https://dysmsapi.aliyuncs.com',
      region: 'cn-hangzhou',
      timeoutMs: 3000,
    });
  });

  it('aliyun: names every missing key and template', () => {
    expect(() => loadConfig({ SMS_SENDER: 'aliyun' })).toThrow(/SMS_ALIYUN_ACCESS_KEY_ID, SMS_ALIYUN_ACCESS_KEY_SECRET, SMS_ALIYUN_SIGN_NAME: required/);
    expect(() => loadConfig({ ...aliyun, SMS_ALIYUN_TEMPLATE_LOGIN: 'SMS_1' })).toThrow(
      /SMS_ALIYUN_TEMPLATE_REGISTER, SMS_ALIYUN_TEMPLATE_RESET_PASSWORD, SMS_ALIYUN_TEMPLATE_CHANGE_PHONE, SMS_ALIYUN_TEMPLATE_BANK_INFO, SMS_ALIYUN_TEMPLATE_EXAM_CANDIDATE: a template code per scene/,
    );
  });

  it('webhook: needs a URL and a secret of 32+ characters; https in production unless loopback', () => {
    expect(() => loadConfig({ SMS_SENDER: 'webhook' })).toThrow(/SMS_WEBHOOK_URL, SMS_WEBHOOK_SECRET: required/);
    expect(() => loadConfig({ SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://x.test', SMS_WEBHOOK_SECRET: 'short' })).toThrow(/SMS_WEBHOOK_SECRET: at least 32/);
    expect(() => loadConfig({ SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'ftp://x.test', SMS_WEBHOOK_SECRET: 's'.repeat(32) })).toThrow(/SMS_WEBHOOK_URL: an http\(s\) URL/);
    const prod = { NODE_ENV: 'production', SMS_SENDER: 'webhook', SMS_WEBHOOK_SECRET: 's'.repeat(32) };
    expect(() => loadConfig({ ...prod, SMS_WEBHOOK_URL: 'http://sms.internal.test/send' })).toThrow(/SMS_WEBHOOK_URL: must be https in production/);
    expect(loadConfig({ ...prod, SMS_WEBHOOK_URL: 'http://127.0.0.1:9000/send' }).sms.driver).toBe('webhook');
  });

  it('refuses an unknown sender, naming it', () => {
    expect(() => loadConfig({ SMS_SENDER: 'carrier-pigeon' })).toThrow(/SMS_SENDER/);
  });
});

describe('rate limits of issue #23 (RATE_LIMIT_ACCOUNT_PER_IP, RATE_LIMIT_PUBLIC_PER_IP, BROKER_RECHECK_SECONDS)', () => {
  it('default to the documented numbers and take an override', () => {
    const c = loadConfig({});
    expect(c.rateLimits.wrongCodesPerPhone).toEqual({ limit: 10, windowSeconds: 3600 });
    expect(c.rateLimits.passwordChangePerAccount).toEqual({ limit: 10, windowSeconds: 900 });
    expect(c.rateLimits.accountPerIp).toEqual({ limit: 30, windowSeconds: 3600 });
    expect(c.rateLimits.publicPerIp).toEqual({ limit: 600, windowSeconds: 60 });
    expect(c.brokerRecheckMs).toBe(15_000);
    const o = loadConfig({ RATE_LIMIT_ACCOUNT_PER_IP: '7', RATE_LIMIT_PUBLIC_PER_IP: '9', BROKER_RECHECK_SECONDS: '2' });
    expect([o.rateLimits.accountPerIp.limit, o.rateLimits.publicPerIp.limit, o.brokerRecheckMs]).toEqual([7, 9, 2000]);
    expect(() => loadConfig({ RATE_LIMIT_PUBLIC_PER_IP: '0' })).toThrow(/RATE_LIMIT_PUBLIC_PER_IP/);
  });
});

describe('the demo order simulator (SIMULATOR_RATE_PER_MIN)', () => {
  it('runs at a few orders a minute in a demo start, so the screens move', () => {
    expect(DEMO_SIMULATOR_RATE_PER_MIN).toBeGreaterThan(0);
    expect(DEMO_SIMULATOR_RATE_PER_MIN).toBeLessThanOrEqual(10);
    expect(loadConfig({}).simulatorRatePerMin).toBe(DEMO_SIMULATOR_RATE_PER_MIN);
  });

  it('is off without demo mode, and set or switched off by the variable', () => {
    expect(loadConfig({ DEMO_MODE: 'false' }).simulatorRatePerMin).toBe(0);
    expect(loadConfig({ SIMULATOR_RATE_PER_MIN: '0' }).simulatorRatePerMin).toBe(0);
    expect(loadConfig({ SIMULATOR_RATE_PER_MIN: '12' }).simulatorRatePerMin).toBe(12);
    expect(loadConfig({ DEMO_MODE: 'false', SIMULATOR_RATE_PER_MIN: '2' }).simulatorRatePerMin).toBe(2);
    expect(() => loadConfig({ SIMULATOR_RATE_PER_MIN: '-1' })).toThrow(/SIMULATOR_RATE_PER_MIN/);
  });
});

describe('LOG_SLOW_REQUEST_MS', () => {
  it('defaults to a second and takes a whole number of milliseconds', () => {
    expect(loadConfig({}).slowRequestMs).toBe(1000);
    expect(loadConfig({ LOG_SLOW_REQUEST_MS: '250' }).slowRequestMs).toBe(250);
    expect(() => loadConfig({ LOG_SLOW_REQUEST_MS: 'slow' })).toThrow(/LOG_SLOW_REQUEST_MS/);
  });
});
