import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import requestQueue from '../src/plugins/request-queue.js';

/** Busy for `ms` of CPU, like a synchronous SQLite handler. */
function spin(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** A keep-alive connection that sends GETs and reads their answers (content-length bodies). */
async function connection(port: number) {
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  socket.setEncoding('utf8');
  let buffered = '';
  let waiting: ((body: string) => void) | undefined;
  const drain = () => {
    const end = buffered.indexOf('\r\n\r\n');
    if (end < 0 || !waiting) return;
    const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1]);
    if (buffered.length < end + 4 + length) return;
    const body = buffered.slice(end + 4, end + 4 + length);
    buffered = buffered.slice(end + 4 + length);
    const resolve = waiting;
    waiting = undefined;
    resolve(body);
  };
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    drain();
  });
  return {
    send(path: string): Promise<string> {
      const answer = new Promise<string>((resolve) => (waiting = resolve));
      socket.write(`GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`);
      return answer;
    },
    close: () => socket.destroy(),
  };
}

/**
 * One request on each of `paths.length` connections, written in the same tick so that the server
 * reads them in one poll. The connections are opened and answered once first: a connection the
 * server has not accepted yet would be read in a later turn. Resolves with the bodies in order.
 */
async function burst(port: number, paths: string[], onReady: () => void): Promise<string[]> {
  const connections = await Promise.all(paths.map(() => connection(port)));
  for (const c of connections) await c.send('/ready');
  onReady();
  const bodies = await Promise.all(paths.map((p, i) => connections[i]!.send(p)));
  connections.forEach((c) => c.close());
  // Let the turn after the last request run too.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return bodies;
}

describe('requests take turns (plugins/request-queue)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function start(withQueue: boolean, log: string[]) {
    app = Fastify({ logger: false });
    if (withQueue) await app.register(requestQueue);
    app.get('/ready', async () => ({ ready: true }));
    app.get<{ Params: { id: string } }>('/cpu/:id', async (request) => {
      const { id } = request.params;
      log.push(`start ${id}`);
      // Anything else the loop has to do meanwhile (a timer, a socket, another request) queues here.
      setImmediate(() => log.push(`loop ${id}`));
      spin(5);
      return { id };
    });
    app.get<{ Params: { id: string } }>('/io/:id', async (request) => {
      const { id } = request.params;
      log.push(`start ${id}`);
      await new Promise((resolve) => setTimeout(resolve, id === '1' ? 300 : 30));
      log.push(`end ${id}`);
      return { id };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as net.AddressInfo).port;
  }

  it('starts one request per event-loop turn, in the order they arrived', async () => {
    const log: string[] = [];
    const port = await start(true, log);
    const bodies = await burst(port, ['/cpu/1', '/cpu/2', '/cpu/3'], () => (log.length = 0));
    expect(bodies.map((b) => JSON.parse(b).id)).toEqual(['1', '2', '3']);
    expect(log).toEqual(['start 1', 'loop 1', 'start 2', 'loop 2', 'start 3', 'loop 3']);
  });

  it('without it, the requests one poll returned run back to back before anything else', async () => {
    // The behaviour the plugin changes, shown on the same burst: the loop waits for the whole batch.
    const log: string[] = [];
    const port = await start(false, log);
    await burst(port, ['/cpu/1', '/cpu/2', '/cpu/3'], () => (log.length = 0));
    expect(log).toEqual(['start 1', 'start 2', 'start 3', 'loop 1', 'loop 2', 'loop 3']);
  });

  it('requests that wait on I/O still overlap: only their start takes a turn', async () => {
    const log: string[] = [];
    const port = await start(true, log);
    const bodies = await burst(port, ['/io/1', '/io/2', '/io/3'], () => (log.length = 0));
    expect(bodies.map((b) => JSON.parse(b).id)).toEqual(['1', '2', '3']);
    expect(log.slice(0, 3)).toEqual(['start 1', 'start 2', 'start 3']);
    // 2 and 3 finished while 1 was still waiting.
    expect(log.slice(3, 5).sort()).toEqual(['end 2', 'end 3']);
    expect(log.slice(5)).toEqual(['end 1']);
  });
});
