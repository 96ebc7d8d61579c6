import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CONFIG_BLOCK, inlineRuntimeConfig } from '../src/lib/spa-page.js';
import { createTestDatabase, DEMO, dialects, expect401, expectEnvelope, expectFieldErrors, startApp, useTestApp } from './support/harness.js';

/** Every call that needs a signed-in designer, with a body where it takes one. */
const AUTHENTICATED: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
  ['GET', '/api/user/profile'],
  ['POST', '/api/user/logout'],
  ['POST', '/api/user/logout-all'],
  ['PUT', '/api/user/password', { old_password: 'Passw0rd!x', password: 'Newpassw0rd' }],
  ['PUT', '/api/user/phone', { phone: '13900000000', code: '123456' }],
  ['PUT', '/api/user/basic-info', { real_name: '张三', gender: 1, city: '杭州', wechat: 'wx' }],
  ['GET', '/api/user/bank-info'],
  ['PUT', '/api/user/bank-info', { account_name: '张三', bank_name: '招商银行', account_no: '6214850000000001' }],
  ['PUT', '/api/user/update-time', { available_time: '全天' }],
  ['PUT', '/api/user/online-status', { online_ticket_status: 1 }],
  ['GET', '/api/user/shops'],
  ['GET', '/api/designer-product/available-products?pageSize=99'],
  ['GET', '/api/onboarding/orientation'],
  ['PUT', '/api/onboarding/registration-step', { step: 6 }],
  ['GET', '/api/system/menus'],
  ['GET', '/api/system/dicts'],
];

const SECRET = 'db password is hunter2 at /srv/secret/app.db';

function addFailingRoutes(app: FastifyInstance) {
  app.get('/api/test/boom', async () => {
    throw new Error(SECRET);
  });
  app.get('/api/test/sql', async () => {
    await sql`select * from no_such_table_hunter2`.execute(app.db);
    return { ok: true };
  });
  app.get('/api/test/reject', async () => Promise.reject(Object.assign(new Error(SECRET), { statusCode: 503 })));
}

describe.each(dialects)('HTTP conventions (%s)', (dialect) => {
  const t = useTestApp(dialect, { beforeReady: addFailingRoutes });

  describe('authentication', () => {
    it.each(AUTHENTICATED)('%s %s without a token is 401', async (method, url, body) => {
      const res = await t.inject({ method, url, ...(body !== undefined ? { payload: body as object } : {}) });
      expect401(res);
    });

    it.each(AUTHENTICATED)('%s %s without a token is 401 even with a bad body', async (method, url, body) => {
      if (body === undefined) return;
      expect401(await t.inject({ method, url, payload: { nonsense: true } }));
      expect401(await t.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: '{oops' }));
    });

    it('a bad query without a token is 401, not a validation error', async () => {
      expect401(await t.anon.get('/api/designer-product/available-products?pageSize=101'));
      expect401(await t.anon.get('/api/system/dicts?codes=' + 'x'.repeat(300)));
    });

    it.each(AUTHENTICATED)('%s %s with a garbage token is 401', async (method, url, body) => {
      for (const authorization of ['Bearer garbage-token', 'Bearer ', 'Basic dXNlcjpwYXNz', 'garbage']) {
        const res = await t.inject({ method, url, headers: { authorization }, ...(body !== undefined ? { payload: body as object } : {}) });
        expect401(res);
      }
    });

    it('an expired session is 401', async () => {
      const token = await t.sessionFor(DEMO.designer);
      await t.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
      expect401(await t.authed(token).get('/api/user/profile'));
    });

    it('a disabled account is 401', async () => {
      const token = await t.sessionFor(DEMO.partTime3);
      await t.db.updateTable('designers').set({ account_status: 0 }).where('phone', '=', DEMO.partTime3).execute();
      try {
        expect401(await t.authed(token).get('/api/user/profile'));
      } finally {
        await t.db.updateTable('designers').set({ account_status: 1 }).where('phone', '=', DEMO.partTime3).execute();
      }
    });
  });

  describe('error envelope', () => {
    it('an unknown /api route is a 404 envelope', async () => {
      expect(expectEnvelope(await t.anon.get('/api/no/such/route'), 404).message).toBe('接口不存在');
      expectEnvelope(await t.anon.delete('/api/user/profile'), 404);
      expectEnvelope(await t.anon.post('/api/system/config', {}), 404);
    });

    it('an invalid JSON body is 422 on body and changes nothing', async () => {
      const before = await t.count('sms_outbox');
      const res = await t.anon.post('/api/user/verify-code', '{"phone": "13', { headers: { 'content-type': 'application/json' } });
      expectFieldErrors(res, [['body', '请求内容不是有效的 JSON']]);
      expect(await t.count('sms_outbox')).toBe(before);
    });

    it('a body that is not an object is 422', async () => {
      const res = await t.anon.post('/api/user/login', '[1,2]', { headers: { 'content-type': 'application/json' } });
      expectEnvelope(res, 422);
    });

    it('an unsupported content type is refused with an envelope', async () => {
      const res = await t.anon.post('/api/user/login', 'phone=13800000000', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectEnvelope(res, 415);
    });

    it('a body over 1 MiB is refused with an envelope', async () => {
      const res = await t.anon.post('/api/user/login', { phone: DEMO.designer, password: 'x'.repeat(1024 * 1024 + 10) });
      expectEnvelope(res, 413);
    });

    it.each(['/api/test/boom', '/api/test/sql', '/api/test/reject'])('a server failure (%s) is 500 and leaks nothing', async (url) => {
      const res = await t.anon.get(url);
      const body = expectEnvelope(res, 500);
      expect(body.message).toBe('服务器内部错误');
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'success']);
      expect(res.body).not.toMatch(/hunter2|secret|stack|no_such_table|sqlite|postgres|at .*\.ts/i);
    });
  });

  describe('security headers', () => {
    it.each(['/api/system/config', '/api/no/such/route'])('%s carries CSP and nosniff', async (url) => {
      const res = await t.anon.get(url);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('OpenAPI', () => {
    it('GET /api/docs/json documents every call', async () => {
      const res = await t.anon.get('/api/docs/json');
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>>; servers?: { url: string }[] };
      expect(doc.openapi).toMatch(/^3\./);
      const prefix = doc.servers?.[0]?.url === '/api' ? '/api' : '';
      const documented = new Set(
        Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${prefix}${p}`)),
      );
      const calls = [
        ...AUTHENTICATED.map(([m, u]) => `${m} ${u.split('?')[0]}`),
        'POST /api/user/verify-code',
        'POST /api/user/register',
        'POST /api/user/login',
        'POST /api/user/reset-password',
        'GET /api/system/config',
        'GET /api/system/menus',
        'GET /api/system/dicts',
      ];
      for (const call of calls) expect(documented, call).toContain(call);
      // Test-only routes registered here are not part of the published contract check, but the
      // documented secured calls declare bearer auth.
      const profile = doc.paths['/user/profile']?.get as { security?: unknown[] } | undefined;
      expect(profile?.security).toEqual([{ bearer: [] }]);
    });
  });
});

describe('the SPA’s inline first-paint script under the CSP', () => {
  it('script-src allows exactly index.html’s inline script by its hash, and no other inline script', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-dist-'));
    const script = "\n      document.getElementById('boot-shell').hidden = false;\n    ";
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><body><div id="boot-shell" hidden></div><script>${script}</script><div id="root"></div></body></html>`);
    const database = await createTestDatabase('sqlite');
    const t = await startApp(database, { config: { webDist: dist } });
    try {
      const res = await t.anon.get('/');
      expect(res.statusCode).toBe(200);
      const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
      const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
      expect(scriptSrc).toEqual(["'self'", hash]);
      // Every response carries the same policy, the API's too.
      expect(String((await t.anon.get('/api/system/config')).headers['content-security-policy'])).toContain(hash);
    } finally {
      await t.app.close();
      await database.drop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('the SPA’s files (%s)', (dialect) => {
  /** A build: index.html with the configuration block (and stale compressed copies of it), a hashed script, an unhashed file. */
  function writeDist() {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const js = `export const a = ${JSON.stringify('设计师'.repeat(2000))};\n`;
    const html = `<!doctype html><html><head>${CONFIG_BLOCK}</head><body><div id="root"></div>${'<p>x</p>'.repeat(300)}</body></html>`;
    for (const [file, body] of [
      ['assets/index-abc123.js', js],
      ['index.html', html],
    ] as const) {
      fs.writeFileSync(path.join(dist, file), body);
      fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
      fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
    }
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    return { dist, js, html };
  }

  it('hashed assets go out as the build compressed them (brotli, else gzip, else plain), cached for a year', async () => {
    const { dist, js } = writeDist();
    const database = await createTestDatabase(dialect);
    const t = await startApp(database, { config: { webDist: dist } });
    try {
      const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
      const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(/^application\/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      const gz = await get('/assets/index-abc123.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
      const plain = await get('/assets/index-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
      // A file outside assets/ has no hash in its name: the browser asks again every time.
      const robots = await get('/robots.txt', 'br');
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['cache-control']).toBe('no-cache');
    } finally {
      await t.app.close();
      await database.drop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the page carries the runtime configuration in itself, is never cached, and is compressed as the browser accepts', async () => {
    const { dist } = writeDist();
    const database = await createTestDatabase(dialect);
    const t = await startApp(database, { config: { webDist: dist, mqttPublicUrl: 'wss://broker.example.com/mqtt' } });
    try {
      const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
      const block = '<script id="app-config" type="application/json">{"apiBase":"/api","mqttUrl":"wss://broker.example.com/mqtt"}</script>';
      for (const url of ['/', '/index.html']) {
        const br = await get(url, 'gzip, deflate, br, zstd');
        expect(br.statusCode, url).toBe(200);
        expect(br.headers['content-encoding'], url).toBe('br');
        expect(br.headers['content-type'], url).toMatch(/^text\/html/);
        expect(br.headers['cache-control'], url).toBe('no-cache');
        expect(br.headers.vary, url).toMatch(/accept-encoding/i);
        // Not the build's own compressed copy (which has the empty block): the page with the configuration.
        expect(zlib.brotliDecompressSync(br.rawPayload).toString(), url).toContain(block);

        const gz = await get(url, 'gzip, deflate');
        expect(gz.headers['content-encoding'], url).toBe('gzip');
        expect(zlib.gunzipSync(gz.rawPayload).toString(), url).toContain(block);

        // Brotli refused by q=0: gzip. Nothing acceptable: the page as it is.
        expect((await get(url, 'br;q=0, gzip')).headers['content-encoding'], url).toBe('gzip');
        for (const encoding of [undefined, 'identity', 'br;q=0, gzip;q=0', '*;q=0']) {
          const plain = await get(url, encoding);
          expect(plain.headers['content-encoding'], `${url} ${encoding}`).toBeUndefined();
          expect(plain.body, `${url} ${encoding}`).toContain(block);
          expect(plain.headers['cache-control']).toBe('no-cache');
        }
      }
      // The configuration no longer has a request of its own.
      expect((await get('/app-config.js')).statusCode).toBe(404);
    } finally {
      await t.app.close();
      await database.drop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the runtime configuration in the page', () => {
  it('cannot close the script element it sits in, whatever a value holds', () => {
    const page = inlineRuntimeConfig(`<head>${CONFIG_BLOCK}</head>`, { apiBase: '/api', mqttUrl: 'wss://x/</script><script>alert(1)</script>' })!;
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    const json = /<script id="app-config" type="application\/json">(.*)<\/script>/.exec(page)![1]!;
    expect(JSON.parse(json)).toEqual({ apiBase: '/api', mqttUrl: 'wss://x/</script><script>alert(1)</script>' });
  });

  it('leaves a page without the block alone (null)', () => {
    expect(inlineRuntimeConfig('<head></head>', { apiBase: '/api', mqttUrl: null })).toBeNull();
  });
});
