/**
 * The real server process (server/src/server.ts) meeting faults of its own: SIGTERM with requests
 * in flight on keep-alive connections, a data directory that cannot be opened, a PostgreSQL that
 * never comes up (issue #23 §5).
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './support/harness.js';
import { exited, serverEnv, spawnServer, startServer } from './support/server-process.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-shutdown-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status?: number;
  connection?: string;
  error?: string;
}

function request(agent: http.Agent, port: number, method: string, url: string, token?: string, body?: unknown): Promise<Answer & { body?: string }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body: text }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: `${(err as NodeJS.ErrnoException).code ?? ''} ${err.message}` }));
    req.end(payload);
  });
}

describe('SIGTERM with 50 requests in flight', () => {
  it('answers every one of them, closes the keep-alive connections and exits 0', async () => {
    const server = await startServer(serverEnv(tempDir()));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    try {
      const login = await request(agent, server.port, 'POST', '/api/user/login', undefined, { phone: DEMO.lead, password: DEMO_PASSWORD });
      expect(login.status, login.body).toBe(200);
      const token = (JSON.parse(login.body!) as { data: { token: string } }).data.token;
      // 50 keep-alive connections, open and idle.
      const warm = await Promise.all(Array.from({ length: 50 }, () => request(agent, server.port, 'GET', '/api/user/profile', token)));
      expect(warm.every((a) => a.status === 200)).toBe(true);

      // 50 requests on them (reads and writes), and SIGTERM as soon as the first is answered.
      const calls = Array.from({ length: 50 }, (_, i) =>
        i % 5 === 0
          ? request(agent, server.port, 'PUT', '/api/user/update-time', token, { available_time: `周末 ${i}` })
          : request(agent, server.port, 'GET', '/api/tickets?page=1&pageSize=50', token),
      );
      await Promise.race(calls);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const answers = await Promise.all(calls);
      const { code } = await exited(server.child);
      const ms = Date.now() - signalled;

      const statuses = answers.map((a) => a.status ?? a.error);
      console.log(`SIGTERM → exit ${code} in ${ms} ms; answers: ${JSON.stringify(countBy(statuses))}`);
      // Every request is answered (no reset, no hang-up): served, or refused 503 if it was not begun.
      for (const a of answers) expect(a.error, JSON.stringify(a)).toBeUndefined();
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
      for (const a of answers) expect([200, 503]).toContain(a.status);
      // The answers given after the signal tell the client the connection closes.
      expect(answers.filter((a) => a.connection === 'close').length).toBeGreaterThan(0);
      expect(code, server.output()).toBe(0);
      expect(server.output()).not.toContain('shutdown took longer');
    } finally {
      agent.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});

function countBy(values: unknown[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

describe('start-up faults', () => {
  it('names the path and the cause when the data directory cannot be opened', async () => {
    const dir = tempDir();
    // DATA_DIR is a regular file: no directory can be made there.
    const blocked = path.join(dir, 'not-a-directory');
    fs.writeFileSync(blocked, 'x');
    const { child, output } = spawnServer(serverEnv(blocked));
    const { code } = await exited(child);
    expect(code).toBe(1);
    expect(output()).toContain('数据库无法打开 / The database cannot be opened');
    expect(output()).toContain(path.join(blocked, 'app.db'));
    expect(output()).toMatch(/ENOTDIR|EEXIST/);
    expect(output()).not.toContain('SqliteError');
    expect(output()).not.toMatch(/^\s+at /m);
  });

  it('waits for a PostgreSQL that does not answer, saying so, and gives up after DATABASE_START_TIMEOUT_MS', async () => {
    const port = await unusedPort();
    const { child, output } = spawnServer(
      serverEnv(tempDir(), { DATABASE_URL: `postgres://app:secret-pw@127.0.0.1:${port}/app`, DATABASE_START_TIMEOUT_MS: '2000' }),
    );
    const started = Date.now();
    const { code } = await exited(child);
    const ms = Date.now() - started;
    expect(code).toBe(1);
    const text = output();
    const waits = text.split('\n').filter((l) => l.includes('waiting for the database'));
    console.log(`gave up after ${ms} ms, ${waits.length} waits`);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]).toContain(`postgres://app@127.0.0.1:${port}/app`);
    expect(text).toContain('could not be reached within 2 s (DATABASE_START_TIMEOUT_MS)');
    expect(text).not.toContain('secret-pw');
  });
});

function unusedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
