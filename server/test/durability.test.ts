/**
 * Durability: an acknowledged registration survives `kill -9` of the server process (SQLite file
 * under DATA_DIR, WAL). Starts the real server as a child process, exactly as `npm run dev:server`.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPhone } from './support/harness.js';
import { exited, serverEnv, startServer } from './support/server-process.js';

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response fields are read ad hoc
  return { status: res.status, json: (await res.json()) as { code: number; success: boolean; data: any; message: string } };
}

describe('durability (sqlite, real server process)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-durability-'));
  const started: ChildProcess[] = [];

  afterAll(async () => {
    for (const child of started) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a registration acknowledged with 200 survives kill -9', { timeout: 120_000 }, async () => {
    const first = await startServer(serverEnv(dataDir));
    started.push(first.child);
    const phone = freshPhone();
    const password = 'Durab1lity!';

    const sent = await call(first.base, 'POST', '/api/user/verify-code', { phone, scene: 'register' });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    const inbox = await call(first.base, 'GET', `/api/demo/sms-inbox?phone=${phone}`);
    expect(inbox.status).toBe(200);
    const code = inbox.json.data.code as string;
    expect(code).toMatch(/^\d{6}$/);

    const registered = await call(first.base, 'POST', '/api/user/register', { phone, code, password });
    // SIGKILL the moment the 200 has arrived: no graceful shutdown, no checkpoint.
    first.child.kill('SIGKILL');
    expect(registered.status, JSON.stringify(registered.json)).toBe(200);
    const { signal } = await exited(first.child);
    expect(signal).toBe('SIGKILL');
    const oldToken = registered.json.data.token as string;

    const second = await startServer(serverEnv(dataDir));
    started.push(second.child);
    const login = await call(second.base, 'POST', '/api/user/login', { phone, password });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const profile = await call(second.base, 'GET', '/api/user/profile', undefined, login.json.data.token);
    expect(profile.status).toBe(200);
    expect(profile.json.data).toMatchObject({ phone, current_registration_step: 0, designer_type: 1 });
    // The session issued before the kill survived too.
    const before = await call(second.base, 'GET', '/api/user/profile', undefined, oldToken);
    expect(before.status).toBe(200);
    expect(before.json.data.phone).toBe(phone);
    // The demo data was not seeded twice.
    const demo = await call(second.base, 'POST', '/api/user/login', { phone: '13800000000', password: 'Demo@2026' });
    expect(demo.status).toBe(200);

    second.child.kill('SIGTERM');
    const stopped = await exited(second.child);
    expect(stopped.code, second.output()).toBe(0);
  });
});
