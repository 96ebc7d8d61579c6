/**
 * Answers kept already compressed. A route that keeps its answer (the ticket list on SQLite, kept
 * until the next commit) would otherwise compress the same bytes on every request: at a 10 KB list
 * page that was a fifth of the request's CPU (bench/tickets). The route asks to see what
 * @fastify/compress made of its answer (`whenEncoded`), keeps those bytes under the request's
 * `accept-encoding` (the same header always negotiates the same encoding), and sends them again
 * with the headers the plugin would have set (`sendEncoded`); the plugin leaves an answer that
 * already has a `content-encoding` alone.
 */
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

const kSeen = Symbol('encodedAnswer');
type Seen = (encoding: string | undefined, body: Buffer) => void;
type WithSeen = FastifyReply & { [kSeen]?: Seen };

/**
 * The `onRoute` hook to add after @fastify/compress is registered: every route's last `onSend`
 * then sees the compressed bytes (the plugin adds its own `onSend` to each route as it is made).
 */
export function afterCompression(route: RouteOptions): void {
  const hooks = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
  route.onSend = [
    ...hooks,
    (_req, reply, payload, done) => {
      const seen = (reply as WithSeen)[kSeen];
      if (seen && Buffer.isBuffer(payload) && reply.statusCode === 200) {
        const encoding = reply.getHeader('content-encoding');
        seen(typeof encoding === 'string' ? encoding : undefined, payload);
      }
      done(null, payload);
    },
  ];
}

/** Calls `fn` with the bytes this reply's body goes out as, and their encoding (none: as it is), if it is buffered. */
export function whenEncoded(reply: FastifyReply, fn: Seen): void {
  (reply as WithSeen)[kSeen] = fn;
}

/** Sends bytes kept from an earlier answer in `encoding` (`undefined`: not encoded), as @fastify/compress would have. */
export function sendEncoded(reply: FastifyReply, contentType: string, encoding: string | undefined, body: Buffer): FastifyReply {
  reply.type(contentType);
  if (encoding) {
    const vary = reply.getHeader('vary');
    const values = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
    if (!values.some((v) => v.includes('accept-encoding'))) reply.header('vary', [...values, 'accept-encoding'].join(', '));
    reply.header('content-encoding', encoding);
  }
  return reply.send(body);
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer kept in memory: its JSON text, and the bytes it went out as per `accept-encoding` header. */
export interface KeptAnswer {
  json: string;
  encoded: Map<string, { encoding: string | undefined; body: Buffer }>;
}

/** A kept answer of this body (written once as JSON). */
export function keptAnswer(body: unknown): KeptAnswer {
  return { json: JSON.stringify(body), encoded: new Map() };
}

/**
 * Sends a kept answer: the bytes an earlier request with the same `accept-encoding` got, else its
 * JSON text (kept as it goes out compressed, for the next one).
 */
export function sendKeptAnswer(req: FastifyRequest, reply: FastifyReply, answer: KeptAnswer): FastifyReply {
  const accepts = req.headers['accept-encoding'] ?? '';
  const encoded = answer.encoded.get(accepts);
  if (encoded) return sendEncoded(reply, JSON_TYPE, encoded.encoding, encoded.body);
  whenEncoded(reply, (encoding, body) => answer.encoded.set(accepts, { encoding, body }));
  // The JSON text goes out as it is: Fastify serializes no string of a JSON content type.
  return reply.type(JSON_TYPE).send(answer.json as never);
}
