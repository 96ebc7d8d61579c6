import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { envelope } from './errors.js';

/**
 * How long a request body may take, and what happens to a body the answer did not need.
 *
 * - A body must keep arriving: over each window of `windowMs` from the end of the headers at least
 *   `minBytesPerWindow` must come in, or the request is answered 408 (the envelope) and its
 *   connection closed. A body trickled a byte every few seconds gets its 408 after one window
 *   (20 s by default); an upload at 4 KiB/s or faster is never cut, however large. One timer for
 *   all requests checks them once a second, so hundreds of slow clients cost a set and a tick.
 *   Node's `requestTimeout` (app.ts) stays a last resort for a whole request.
 * - An error answered before the body was read (413, 401, a refused upload) closes the connection,
 *   but not at once: closing a socket with unread bytes sends a reset, and a client still sending
 *   then often never reads the answer. The connection keeps reading and discarding the rest of the
 *   body, up to `lingerBytes` or `lingerMs`, after the answer; then it closes.
 */
export interface RequestBodyOptions {
  windowMs?: number;
  minBytesPerWindow?: number;
  lingerBytes?: number;
  lingerMs?: number;
}

const DEFAULTS: Required<RequestBodyOptions> = {
  windowMs: 20_000,
  minBytesPerWindow: 80 * 1024,
  lingerBytes: 64 * 1024 * 1024,
  lingerMs: 10_000,
};

interface Tracked {
  request: FastifyRequest;
  reply: FastifyReply;
  socket: Socket;
  checkpointAt: number;
  checkpointBytes: number;
}

function expectsBody(request: FastifyRequest): boolean {
  const headers = request.raw.headers;
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length']);
  return Number.isFinite(length) && length > 0;
}

const TIMEOUT_BODY = JSON.stringify(envelope(408, '请求超时，请检查网络后重试'));

async function requestBodies(app: FastifyInstance, opts: RequestBodyOptions): Promise<void> {
  const o = { ...DEFAULTS, ...opts };
  const tracked = new Set<Tracked>();
  let timer: NodeJS.Timeout | undefined;

  function timeOut(entry: Tracked) {
    const { request, reply, socket } = entry;
    request.log.info({ bytesRead: socket.bytesRead }, 'request body too slow: answered 408 and closed');
    // The body parser or the handler still waiting on the body fails once the socket goes, and
    // would then report a reply already sent: this request has nothing more worth logging.
    request.log.level = 'error';
    const res = reply.raw;
    if (res.headersSent || res.writableEnded) {
      socket.destroy();
      return;
    }
    reply.hijack();
    res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(TIMEOUT_BODY), connection: 'close' });
    res.end(TIMEOUT_BODY, () => socket.destroy());
    // A client that does not read its answer either: the socket goes anyway.
    setTimeout(() => socket.destroy(), 1_000).unref();
  }

  function tick() {
    const now = Date.now();
    for (const entry of tracked) {
      if (entry.request.raw.complete || entry.socket.destroyed) {
        tracked.delete(entry);
        continue;
      }
      if (now - entry.checkpointAt < o.windowMs) continue;
      const received = entry.socket.bytesRead - entry.checkpointBytes;
      if (received < o.minBytesPerWindow) {
        tracked.delete(entry);
        timeOut(entry);
        continue;
      }
      entry.checkpointAt = now;
      entry.checkpointBytes = entry.socket.bytesRead;
    }
    if (tracked.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as Socket | null;
    if (socket && expectsBody(request) && !request.raw.complete) {
      tracked.add({ request, reply, socket, checkpointAt: Date.now(), checkpointBytes: socket.bytesRead });
      timer ??= setInterval(tick, Math.min(1_000, o.windowMs / 4)).unref();
    }
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const socket = request.raw.socket as Socket | null;
    if (reply.statusCode >= 400 && socket && !request.raw.complete) {
      reply.header('connection', 'close');
      lingerOnClose(socket, o.lingerBytes, o.lingerMs);
    }
    done(null, payload);
  });

  app.addHook('onClose', (_app, done) => {
    if (timer) clearInterval(timer);
    tracked.clear();
    done();
  });
}

/**
 * Node ends a `connection: close` response with `socket.destroySoon()`. For this socket, that
 * becomes: send the answer and a FIN, keep reading (the HTTP parser discards the rest of the body),
 * and destroy the socket once the client closed its side, or after `maxBytes` more bytes or `maxMs`.
 */
function lingerOnClose(socket: Socket, maxBytes: number, maxMs: number) {
  if (Object.hasOwn(socket, 'destroySoon')) return;
  socket.destroySoon = () => {
    const startBytes = socket.bytesRead;
    socket.end();
    const check = setInterval(() => {
      if (socket.destroyed || socket.bytesRead - startBytes > maxBytes) finish();
    }, 100);
    const deadline = setTimeout(finish, maxMs);
    check.unref();
    deadline.unref();
    function finish() {
      clearInterval(check);
      clearTimeout(deadline);
      socket.destroy();
    }
    socket.once('close', finish);
  };
}

export default fp<RequestBodyOptions>(requestBodies, { name: 'request-bodies' });
