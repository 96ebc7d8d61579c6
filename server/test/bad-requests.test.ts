/**
 * Bad requests and slow clients (issue #23 §4), over real sockets where a client library would
 * tidy the request up: every answer in the envelope with a Chinese message, strict ids and flags,
 * upgrades the broker does not take answered over HTTP/1.1, a 413 that reaches a client still
 * sending, a broken upload form refused like OSS refuses it, and a trickled body cut with a 408
 * while other clients are served.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, dialects, type Envelope, expectEnvelope, expectFieldErrors, useTestApp } from './support/harness.js';
import { multipartBody, type UploadSignature, uploadFields } from './support/multipart.js';
import { objectReadUrl } from '../src/modules/files/read-urls.js';
import { exited, type ServerProcess, serverEnv, startServer } from './support/server-process.js';

const CHINESE = /[\u4e00-\u9fff]/;

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the end of the answer. */
  ms: number;
}

/** Parses the first HTTP/1.1 response of a byte stream, or undefined while it is incomplete. */
function parseResponse(bytes: Buffer): Omit<RawResponse, 'ms'> | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? NaN);
  const body = bytes.subarray(end + 4);
  if (Number.isNaN(length) || body.length < length) return undefined;
  return { status: Number(statusLine!.split(' ')[1]), headers, body: body.subarray(0, length).toString('utf8') };
}

/**
 * Opens a socket, lets `send` write what it wants (all at once, or trickled), and resolves with the
 * first response read on it. Rejects if the connection ends (reset included) without a whole answer.
 */
function rawExchange(port: number, send: (socket: net.Socket) => void, timeoutMs = 20_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let done = false;
    const finish = (err?: Error, res?: Omit<RawResponse, 'ms'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (res) resolve({ ...res, ms: Date.now() - started });
      else reject(err);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const res = parseResponse(received);
      if (res) finish(undefined, res);
    });
    socket.on('error', (err) => finish(new Error(`connection failed before a whole answer: ${err.message}; got ${JSON.stringify(received.toString('latin1').slice(0, 80))}`)));
    socket.on('close', () => finish(new Error(`connection closed before a whole answer; got ${JSON.stringify(received.toString('latin1').slice(0, 80))}`)));
    socket.on('connect', () => send(socket));
  });
}

/** Writes a request (head and body) as fast as the socket takes it. */
function writeAll(head: string, body: Buffer = Buffer.alloc(0)) {
  return (socket: net.Socket) => {
    socket.write(head);
    const chunk = 64 * 1024;
    let sent = 0;
    const pump = () => {
      while (sent < body.length) {
        const piece = body.subarray(sent, sent + chunk);
        sent += piece.length;
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}

/** Asserts an error answer in the envelope, Chinese message, no framework code or English text. */
function expectRawEnvelope(res: RawResponse, status: number): Envelope<null> {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(res.body) as Envelope<null>;
  expect(body).toMatchObject({ code: status, success: false, data: null });
  expect(body.message).toMatch(CHINESE);
  expect(res.body).not.toMatch(/FST_|HPE_|"error"|statusCode/);
  return body;
}

describe.each(dialects)('strict ids and flags (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let designer: ReturnType<typeof t.authed>;
  let ticketId: number;

  beforeAll(async () => {
    designer = t.authed(await t.sessionFor(DEMO.designer));
    const list = expectEnvelope<{ items: { ticket_id: number }[] }>(await designer.get('/api/tickets?pageSize=1'), 200).data;
    expect(list.items.length).toBe(1);
    ticketId = list.items[0]!.ticket_id;
  });

  it('a ticket id is decimal digits without a leading zero: hex, exponents, signs and padding are 422', async () => {
    expect(expectEnvelope<{ ticket_id: number }>(await designer.get(`/api/tickets/${ticketId}`), 200).data.ticket_id).toBe(ticketId);
    const spellings = [
      `0x${ticketId.toString(16)}`,
      `0${ticketId}`,
      `${ticketId}e0`,
      `${ticketId / 10}e1`,
      `${ticketId}.0`,
      `+${ticketId}`,
      `%20${ticketId}`,
      `${ticketId}%20`,
      '0',
      '-1',
      '1'.repeat(16),
    ];
    for (const id of spellings) expectFieldErrors(await designer.get(`/api/tickets/${id}`), [['id', '工单编号不正确']]);
  });

  it('other ids in paths and queries are as strict', async () => {
    expectFieldErrors(await designer.get('/api/messages/announcements/0x1'), [['id', '公告编号不正确']]);
    expectFieldErrors(await designer.get('/api/order-plans/01'), [['id', '计划编号不正确']]);
    expectFieldErrors(await designer.get('/api/tickets?shop_id=1e0'), [['shop_id', '店铺编号不正确']]);
    expectFieldErrors(await designer.get('/api/tickets?product_id='), [['product_id', '产品编号不正确']]);
  });

  it('a flag is 0 or 1: empty or anything else is 422, not "unread"', async () => {
    const unread = expectEnvelope<{ total: number }>(await designer.get('/api/messages/messages?is_read=0'), 200).data.total;
    const read = expectEnvelope<{ total: number }>(await designer.get('/api/messages/messages?is_read=1'), 200).data.total;
    const all = expectEnvelope<{ total: number }>(await designer.get('/api/messages/messages'), 200).data.total;
    expect(unread + read).toBe(all);
    for (const v of ['', '00', '01', '2', 'true', '0x0', ' 1']) {
      expectFieldErrors(await designer.get(`/api/messages/messages?is_read=${encodeURIComponent(v)}`), [['is_read', '只能是0或1']]);
    }
    expectFieldErrors(await designer.get('/api/messages/messages?message_type=0x2'), [['message_type']]);
    expectFieldErrors(await designer.get('/api/messages/messages?page=01'), [['page']]);
    expectFieldErrors(await designer.get('/api/messages/messages?pageSize=2e1'), [['pageSize']]);
    expect(expectEnvelope(await designer.get('/api/messages/messages?page=1&pageSize=20&is_read=0'), 200).data.total).toBe(unread);
  });
});

// The transport does not depend on the database: one dialect is enough.
describe('bad requests and slow clients, over real sockets', () => {
  const t = useTestApp('sqlite', { listen: true });

  const get = (path: string, headers = '') => rawExchange(t.port, writeAll(`GET ${path} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`));

  describe('every answer is in the envelope with a Chinese message', () => {
    it('bad percent-encoding and non-UTF-8 bytes in the path are 400', async () => {
      expectRawEnvelope(await get('/api/tickets/%zz'), 400);
      expectRawEnvelope(await get('/api/tickets/%ff%fe'), 400);
      expectRawEnvelope(await get('/api/messages/announcements/%C0%AF'), 400);
    });

    it('raw bytes that are not UTF-8, and a request line that is not HTTP, are 400', async () => {
      const latin1 = await rawExchange(t.port, (s) => s.write(Buffer.concat([Buffer.from('GET /api/tickets/'), Buffer.from([0xff, 0xfe]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')])));
      expectRawEnvelope(latin1, 400);
      expectRawEnvelope(await rawExchange(t.port, (s) => s.write('HELLO THERE\r\n\r\n')), 400);
      expectRawEnvelope(await rawExchange(t.port, (s) => s.write('GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n')), 400);
    });

    it('a path parameter over 100 characters is 414', async () => {
      expectRawEnvelope(await get(`/api/tickets/${'1'.repeat(120)}`), 414);
    });

    it('headers over the limit are 431', async () => {
      expectRawEnvelope(await get('/api/system/dicts', `X-Big: ${'a'.repeat(20_000)}\r\n`), 431);
    });

    it('an unknown route, a body of an unsupported type and a body over the limit', async () => {
      expectRawEnvelope(await get('/no/such/route'), 404);
      const text = 'hello';
      expectRawEnvelope(
        await rawExchange(t.port, writeAll(`POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: ${text.length}\r\n\r\n${text}`)),
        415,
      );
    });
  });

  describe('an Upgrade header the broker does not take', () => {
    it('an HTTP/2 cleartext upgrade is answered over HTTP/1.1, body and all', async () => {
      const body = JSON.stringify({ phone: '1', password: 'x' });
      const res = await rawExchange(
        t.port,
        writeAll(
          `POST /api/user/login HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        ),
      );
      expect(res.headers.upgrade).toBeUndefined();
      const envelope = expectRawEnvelope(res, 422);
      expect(envelope.error_fields?.map((f) => f.field)).toContain('phone');
    });

    it('a websocket to another path than /mqtt is 404', async () => {
      const res = await get('/not-mqtt', 'Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n');
      expectRawEnvelope(res, 404);
    });

    it('a GET with h2c to a route answers it', async () => {
      const res = await get('/api/system/dicts', 'Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n');
      expectRawEnvelope(res, 401);
    });
  });

  it('a signed upload whose form ends without its closing boundary is 400 MalformedPOSTRequest', async () => {
    const token = await t.sessionFor(DEMO.designer);
    const sig = expectEnvelope<UploadSignature>(await t.authed(token).get('/api/oss/get-signature?source=attachment'), 200).data;
    const { payload, headers } = multipartBody([...uploadFields(sig, `${sig.dir}cut.txt`), ['file', { filename: 'cut.txt', content: 'x'.repeat(5000) }]]);
    const boundary = headers['content-type']!.split('boundary=')[1]!;
    const cut = payload.subarray(0, payload.lastIndexOf(`\r\n--${boundary}--`));
    const res = await t.inject({ method: 'POST', url: '/oss', payload: cut, headers });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('<Code>MalformedPOSTRequest</Code>');
    // Nothing was stored: a signed read of the key (attachments are private) finds no object.
    const readUrl = objectReadUrl(t.app.config.oss, `${sig.dir}cut.txt`);
    const read = await t.inject({ method: 'GET', url: readUrl.slice(readUrl.indexOf('/oss/')) });
    expect(read.statusCode, read.body).toBe(404);
    expect(read.body).toContain('<Code>NoSuchKey</Code>');
  });

  it('a trickled body gets a 408 within 30 s; a slow but moving one does not; others are served meanwhile', { timeout: 45_000 }, async () => {
    const trickle = (socket: net.Socket) => {
      socket.write('POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
      const timer = setInterval(() => (socket.writable ? socket.write('a') : clearInterval(timer)), 2_000);
      socket.once('close', () => clearInterval(timer));
    };
    const slow = Array.from({ length: 20 }, () => rawExchange(t.port, trickle, 40_000));

    // 8 KiB every half second for 24 s: under the 20 s window's floor only if it stalls.
    const moving = rawExchange(
      t.port,
      (socket) => {
        const total = 48 * 8 * 1024;
        socket.write(`POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`);
        let sent = 0;
        const timer = setInterval(() => {
          if (!socket.writable || sent >= total) return clearInterval(timer);
          socket.write(Buffer.alloc(8 * 1024, 'a'));
          sent += 8 * 1024;
        }, 500);
        socket.once('close', () => clearInterval(timer));
      },
      40_000,
    );

    // While the slow ones hold their connections, a normal client is answered at once, each time.
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const res = await get('/api/system/dicts');
      expectRawEnvelope(res, 401);
      expect(res.ms).toBeLessThan(2_000);
    }

    for (const res of await Promise.all(slow)) {
      const body = expectRawEnvelope(res, 408);
      expect(body.message).toMatch(/超时/);
      expect(res.headers.connection).toBe('close');
      expect(res.ms).toBeGreaterThan(10_000);
      expect(res.ms).toBeLessThan(30_000);
    }
    // The moving body arrived whole (it is not JSON: 422), after more than one window.
    const done = await moving;
    expect(done.ms).toBeGreaterThan(20_000);
    expectRawEnvelope(done, 422);
  });
});

// The server in a process of its own, as deployed: with the client in the same process the two
// take turns on one event loop and the reset this is about rarely shows.
describe('an oversized body, against the server process', () => {
  let server: ServerProcess;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dwp-bad-requests-'));

  beforeAll(async () => {
    server = await startServer(serverEnv(dataDir));
  }, 60_000);

  afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a 413 reaches a client that sends its whole body before reading, every time', { timeout: 60_000 }, async () => {
    const body = Buffer.alloc(48 * 1024 * 1024, 'a');
    for (const connection of ['close', 'close', 'close', 'close', 'keep-alive', 'keep-alive']) {
      const res = await rawExchange(
        server.port,
        writeAll(`POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: ${connection}\r\n\r\n`, body),
      );
      expectRawEnvelope(res, 413);
    }
  });
});
