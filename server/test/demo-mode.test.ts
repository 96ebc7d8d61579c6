/**
 * Demo mode cannot leak (the account-takeover issue): the real server process, started as a
 * production deployment would be, has no /api/demo/* call and documents none, and a password reset
 * needs the code that reached the phone. A demo start keeps them (so the checks can tell the two
 * apart), and a production start refuses demo mode and the log sender, naming the variable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { MESSAGE_TYPE } from '../src/modules/messages/message-types.js';
import { hashPassword } from '../src/lib/crypto.js';
import { insertDesigner } from '../src/modules/user/designer.repository.js';
import { freshPhone } from './support/harness.js';
import { exited, type ServerProcess, serverEnv, spawnServer, startServer } from './support/server-process.js';
import { type FakeProvider, startFakeSmsWebhook } from './support/sms-providers.js';

const WEBHOOK_SECRET = 'demo-mode-test-webhook-secret-0123456789';

async function call(base: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? (JSON.parse(text) as { message?: string; data?: unknown; paths?: Record<string, unknown> }) : {} };
}

const documentedPaths = async (base: string) => Object.keys((await call(base, 'GET', '/api/docs/json')).body.paths ?? {});

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-demo-mode-'));
}

describe('a production start (NODE_ENV=production, SMS_SENDER=webhook)', () => {
  let phone: FakeProvider;
  let server: ServerProcess;
  const dataDir = tempDir();

  beforeAll(async () => {
    phone = await startFakeSmsWebhook(WEBHOOK_SECRET);
    server = await startServer(
      serverEnv(dataDir, {
        NODE_ENV: 'production',
        DEMO_MODE: undefined,
        SMS_SENDER: 'webhook',
        SMS_WEBHOOK_URL: `${phone.url}/sms`,
        SMS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      }),
    );
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    if (server) await exited(server.child);
    await phone?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no demo call: each answers 404 接口不存在', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/demo/sms-inbox?phone=13800000000', undefined],
      ['POST', '/api/demo/emit-message', { designer_id: 'D000001', message_type: MESSAGE_TYPE.SYSTEM_ASSIGNED }],
    ] as const) {
      const res = await call(server.base, method, url, body);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe('接口不存在');
    }
  });

  it('documents no demo call, and says nothing of demo logins', async () => {
    const paths = await documentedPaths(server.base);
    expect(paths).toContain('/user/reset-password');
    expect(paths.filter((p) => p.startsWith('/demo'))).toEqual([]);
    expect(server.output()).not.toContain('Demo@2026');
    // No demo data: the demo lead's phone is not an account.
    const res = await call(server.base, 'POST', '/api/user/login', { phone: '13800000000', password: 'Demo@2026' });
    expect(res.status).toBe(422);
  });

  it('a password reset cannot be completed without the code that reached the phone', async () => {
    // The victim has an account (written as registration writes it; a code for the phone now would
    // hold back the reset code for the 60 s wait).
    const victim = freshPhone();
    const opened = openDatabase({ url: `sqlite:${path.join(dataDir, 'app.db')}` });
    try {
      await insertDesigner(opened.db, { phone: victim, password_hash: await hashPassword('Victim0wn!pass'), designer_type: 1, nickname: '受害人', current_registration_step: 0, team_id: null });
    } finally {
      await opened.close();
    }
    expect((await call(server.base, 'POST', '/api/user/login', { phone: victim, password: 'Victim0wn!pass' })).status).toBe(200);

    // The attacker asks for a reset code: it goes to the victim's phone and nowhere else.
    const sentBefore = phone.delivered.length;
    expect((await call(server.base, 'POST', '/api/user/verify-code', { phone: victim, scene: 'reset_password' })).status).toBe(200);
    expect(phone.delivered.length).toBe(sentBefore + 1);
    const realCode = phone.codeFor(victim)!;
    expect((await call(server.base, 'GET', `/api/demo/sms-inbox?phone=${victim}`)).status).toBe(404);

    // Guessing: every wrong code is refused, and after five the code is dead even for its owner.
    const guesses = ['000000', '111111', '123456', '654321', '999999'].filter((g) => g !== realCode).slice(0, 5);
    while (guesses.length < 5) guesses.push(String((Number(realCode) + guesses.length + 1) % 1_000_000).padStart(6, '0'));
    for (const guess of guesses) {
      const res = await call(server.base, 'POST', '/api/user/reset-password', { phone: victim, code: guess, password: 'Attacker0wn!' });
      expect(res.status).toBe(422);
    }
    const late = await call(server.base, 'POST', '/api/user/reset-password', { phone: victim, code: realCode, password: 'Attacker0wn!' });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe('验证码错误次数过多，请重新获取');
    expect((await call(server.base, 'POST', '/api/user/login', { phone: victim, password: 'Attacker0wn!' })).status).toBe(422);
    expect((await call(server.base, 'POST', '/api/user/login', { phone: victim, password: 'Victim0wn!pass' })).status).toBe(200);
  });

  it('the code reaches the owner’s phone, and registering with it works', async () => {
    const owner = freshPhone();
    expect((await call(server.base, 'POST', '/api/user/verify-code', { phone: owner, scene: 'register' })).status).toBe(200);
    expect((await call(server.base, 'POST', '/api/user/register', { phone: owner, code: phone.codeFor(owner), password: 'Owner0wn!pass' })).status).toBe(200);
    expect((await call(server.base, 'POST', '/api/user/login', { phone: owner, password: 'Owner0wn!pass' })).status).toBe(200);
  });
});

describe('a demo start (npm start: no NODE_ENV, DEMO_MODE defaults on)', () => {
  let server: ServerProcess;
  const dataDir = tempDir();
  beforeAll(async () => {
    server = await startServer(serverEnv(dataDir, { NODE_ENV: undefined, DEMO_MODE: undefined, SMS_SENDER: undefined }));
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    if (server) await exited(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the demo inbox and the emit call, documented, and says it is a demo', async () => {
    expect(await documentedPaths(server.base)).toEqual(expect.arrayContaining(['/demo/sms-inbox', '/demo/emit-message']));
    expect((await call(server.base, 'POST', '/api/user/verify-code', { phone: '13800000001', scene: 'login' })).status).toBe(200);
    const inbox = await call(server.base, 'GET', '/api/demo/sms-inbox?phone=13800000001');
    expect(inbox.status).toBe(200);
    expect((inbox.body.data as { code: string }).code).toMatch(/^\d{6}$/);
    expect(server.output()).toContain('演示模式');
  });
});

describe('a production start refuses demo mode and the log sender', () => {
  const dataDir = tempDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function refusal(extra: NodeJS.ProcessEnv) {
    const { child, output } = spawnServer(serverEnv(dataDir, { NODE_ENV: 'production', ...extra }));
    const { code } = await exited(child);
    return { code, output: output() };
  }

  it.each([
    ['DEMO_MODE=true', { DEMO_MODE: 'true', SMS_SENDER: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.test/send', SMS_WEBHOOK_SECRET: WEBHOOK_SECRET }, /DEMO_MODE: demo mode is refused in production[\s\S]*DEMO_MODE：生产环境/],
    ['SMS_SENDER=log', { DEMO_MODE: 'false', SMS_SENDER: 'log' }, /SMS_SENDER: `log` is refused in production[\s\S]*SMS_SENDER：生产环境/],
    ['no SMS_SENDER', { DEMO_MODE: undefined, SMS_SENDER: undefined }, /SMS_SENDER: required in production[\s\S]*SMS_SENDER：生产环境（NODE_ENV=production）必须设置/],
  ])('%s: exits 1 with a bilingual message naming the variable', async (_name, extra, message) => {
    const { code, output } = await refusal(extra);
    expect(code).toBe(1);
    expect(output).toContain('配置有误，服务未启动 / Invalid configuration, the server did not start');
    expect(output).toMatch(message);
  }, 30_000);
});
