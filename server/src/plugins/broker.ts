import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mqtt from 'mqtt';
import { createWebSocketStream, type WebSocket, WebSocketServer } from 'ws';
import { type ClusterBackend, redisClusterBackend, SESSIONS_ENDED_TOPIC, waitForRedis } from './broker-cluster.js';

/**
 * What the broker asks the business side (modules/messages/broker-policy.ts): whether a client may
 * connect (a live session of the designer its client id names) and subscribe to a topic.
 */
export interface BrokerPolicy {
  authenticate(clientId: string, username: string | undefined, password: string | undefined): Promise<{ designerId: number; sessionId: string } | undefined>;
  maySubscribe(clientId: string, topic: string): boolean;
  /** Of these sessions, the ones still live (not revoked or expired, the account enabled). */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
}

export interface Broker {
  /** embedded: this process alone; cluster: embedded, shared through Redis; external: MQTT_URL. */
  mode: 'embedded' | 'cluster' | 'external';
  publish(topic: string, payload: string): Promise<void>;
  connectedClients(): number;
  /** Whether what carries messages is reachable now (readiness): Redis, or the external broker. */
  reachable(): Promise<boolean>;
  /**
   * Closes the connections of a designer's session (or of every session of theirs): their token
   * is no longer live. Embedded: here; cluster: on every instance; an external broker re-checks
   * through its hooks.
   */
  disconnectSessions(designerId: number, sessionId?: string): void;
  /** Publishes not yet acknowledged (external: bounded by MQTT_MAX_PENDING). */
  pendingPublishes(): number;
  /** Embedded: messages handed to the fan-out so far (tests see that a request's answer comes first). */
  fanOuts(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    broker: Broker;
  }
}

function authError(message: string): AuthenticateError {
  const err = new Error(message) as AuthenticateError;
  (err as { returnCode: number }).returnCode = 4; // BAD_USERNAME_OR_PASSWORD
  return err;
}

interface ClientSession {
  designerId: number;
  sessionId: string;
}

/** How long readiness waits for Redis or the external broker to answer. */
const REACHABLE_TIMEOUT_MS = 1_000;

/**
 * A websocket client may hold this many bytes the broker wrote and it has not read yet (the
 * stream's queue plus the socket's); past it the connection is closed. A browser reconnects and
 * refetches what it missed (the list has every message). ~2,500 announcements.
 */
export const CLIENT_BUFFER_LIMIT = 1024 * 1024;
/** A client whose socket stays full this long is closed too (Aedes' drainTimeout). */
const DRAIN_TIMEOUT_MS = 5_000;
/** How often the client buffers are checked. */
const BUFFER_CHECK_MS = 500;

async function embeddedBroker(app: FastifyInstance, policy: BrokerPolicy, recheckMs: number, cluster?: ClusterBackend): Promise<Broker> {
  const sessions = new Map<Client, ClientSession>();
  const pending = new Set<Promise<unknown>>();
  const aedes = await Aedes.createBroker({
    ...(cluster ? { mq: cluster.mq, persistence: cluster.persistence } : {}),
    heartbeatInterval: 60_000,
    // A message is "in flight" until every subscriber's socket took it. Aedes' default allows 100
    // such messages: a subscriber that stops reading would hold each message meant for it, and
    // after 100 of them nobody would get anything. Unbounded here; what bounds the memory is the
    // per-client buffer limit and the drain timeout, which close a client that does not read.
    concurrency: 0,
    drainTimeout: DRAIN_TIMEOUT_MS,
    authenticate: (client, username, password, done) => {
      policy
        .authenticate(client.id, username ?? undefined, password?.toString())
        .then((who) => {
          if (!who) return done(authError('bad credentials'), false);
          sessions.set(client, { designerId: who.designerId, sessionId: who.sessionId });
          done(null, true);
        })
        .catch((err: Error) => {
          app.log.error({ err }, 'mqtt authentication failed');
          done(authError('authentication unavailable'), false);
        });
    },
    authorizeSubscribe: (client, sub, done) => {
      if (policy.maySubscribe(client.id, sub.topic)) return done(null, sub);
      done(null, null); // refused: SUBACK 128, connection kept
    },
    // Browsers only listen; the server publishes through aedes.publish, which skips this check.
    authorizePublish: (_client, _packet, done) => done(new Error('clients may not publish')),
  });
  aedes.on('clientDisconnect', (client) => sessions.delete(client));

  const closeSessions = (designerId: number, sessionId?: string) => {
    for (const [client, s] of sessions) {
      if (s.designerId === designerId && (!sessionId || s.sessionId === sessionId)) client.close();
    }
  };
  // Cluster: a logout on one instance closes that session's connections on every instance.
  if (cluster) {
    cluster.mq.on(SESSIONS_ENDED_TOPIC, (message, done) => {
      const { designerId, sessionId } = message as { designerId?: unknown; sessionId?: unknown };
      if (typeof designerId === 'number') closeSessions(designerId, typeof sessionId === 'string' ? sessionId : undefined);
      done();
    });
  }

  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });
  // Every open websocket with its stream, and what it held unsent at the last check.
  const sockets = new Map<WebSocket, { stream: Duplex; held: number }>();
  /**
   * Closes the connections that stopped reading: more than CLIENT_BUFFER_LIMIT bytes unsent (the
   * stream's queue plus the socket's), and no less than at the last check. A burst written to a
   * client that reads goes over the limit for a moment and shrinks; one that does not read stays.
   */
  const cutSlowClients = () => {
    for (const [ws, s] of sockets) {
      const held = ws.bufferedAmount + s.stream.writableLength;
      const previous = s.held;
      s.held = held;
      if (held > CLIENT_BUFFER_LIMIT && held >= previous) {
        app.log.warn({ held }, 'mqtt: a websocket client stopped reading; connection closed');
        sockets.delete(ws);
        ws.terminate();
      }
    }
  };
  const bufferCheck = setInterval(cutSlowClients, BUFFER_CHECK_MS);
  bufferCheck.unref();

  wss.on('connection', (ws, req) => {
    const stream = createWebSocketStream(ws);
    sockets.set(ws, { stream, held: 0 });
    ws.on('close', () => sockets.delete(ws));
    stream.on('error', () => ws.terminate());
    const client = aedes.handle(stream, req);
    // A client that authenticated but never registered (closed while its token was being checked)
    // gets no clientDisconnect: forget its session when the socket goes.
    stream.on('close', () => sessions.delete(client));
  });
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    const websocket = (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if (path !== '/mqtt' || !websocket) {
      answerAsHttp1(app, req, socket, head);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  // A token that expires, or an account disabled, while its connection is open: nothing tells
  // this process (only a logout or reset here emits `ended`), so every `recheckMs` the sessions
  // of the open connections are checked in one query and the ended ones closed.
  let rechecking = false;
  const recheck = setInterval(() => {
    if (rechecking || sessions.size === 0) return;
    rechecking = true;
    const checked = new Set([...sessions.values()].map((s) => s.sessionId));
    policy
      .liveSessions([...checked])
      .then((live) => {
        // Only the sessions this query asked about: a client that authenticated while it ran is
        // not in `live` because nobody asked, not because its session ended.
        for (const [client, s] of sessions) if (checked.has(s.sessionId) && !live.has(s.sessionId)) client.close();
      })
      .catch((err: Error) => app.log.warn({ err }, 'mqtt session re-check failed'))
      .finally(() => {
        rechecking = false;
      });
  }, recheckMs);
  recheck.unref();

  /**
   * Publishes wait here for the next turn of the event loop: a request that publishes is answered
   * (its response written) before the broker writes to any subscriber, and the fan-out to many
   * sockets never runs on the request's path. The messages are in the database already (outbox).
   */
  const outgoing: { topic: string; payload: string; resolve: () => void; reject: (err: Error) => void }[] = [];
  let fanOutScheduled = false;
  let fanOuts = 0;
  const fanOut = () => {
    fanOutScheduled = false;
    for (const m of outgoing.splice(0)) {
      fanOuts += 1;
      aedes.publish({ cmd: 'publish', topic: m.topic, payload: Buffer.from(m.payload), qos: 1, retain: false, dup: false, messageId: 0 } as never, (err) =>
        err ? m.reject(err) : m.resolve(),
      );
    }
  };

  app.addHook('preClose', async () => {
    clearInterval(recheck);
    clearInterval(bufferCheck);
    // What requests queued before the close (plugins/drain.ts waited for them) goes out first.
    await settled(pending, PUBLISH_DRAIN_MS);
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    await cluster?.close();
  });

  return {
    mode: cluster ? 'cluster' : 'embedded',
    connectedClients: () => aedes.connectedClients,
    pendingPublishes: () => pending.size,
    reachable: async () => (cluster ? cluster.reachable(REACHABLE_TIMEOUT_MS) : true),
    disconnectSessions(designerId, sessionId) {
      if (!cluster) return closeSessions(designerId, sessionId);
      cluster.mq.emit({ topic: SESSIONS_ENDED_TOPIC, designerId, ...(sessionId ? { sessionId } : {}) }, (err) => {
        // Redis away: this instance closes its own; the others' re-check (BROKER_RECHECK_SECONDS) closes theirs.
        if (err) closeSessions(designerId, sessionId);
      });
    },
    fanOuts: () => fanOuts,
    publish: (topic, payload) =>
      track(
        pending,
        new Promise((resolve, reject) => {
          outgoing.push({ topic, payload, resolve, reject });
          if (!fanOutScheduled) {
            fanOutScheduled = true;
            setImmediate(fanOut);
          }
        }),
      ),
  };
}

/** Headers that ask for a protocol change, and the `Connection` tokens that name them. */
const UPGRADE_HEADERS = new Set(['upgrade', 'http2-settings']);

/**
 * An upgrade the broker does not take (an HTTP/2 cleartext upgrade, a websocket to another path):
 * the request is answered over HTTP/1.1 like any other. Node has already detached its parser from
 * the socket; the request head is written back without the upgrade headers, put in front of the
 * unread bytes, and the socket handed to the HTTP server again as a new connection.
 */
function answerAsHttp1(app: FastifyInstance, req: IncomingMessage, socket: Duplex, head: Buffer) {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion === '1.0' ? '1.0' : '1.1'}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    const lower = name.toLowerCase();
    if (UPGRADE_HEADERS.has(lower)) continue;
    if (lower === 'connection') {
      const kept = value.split(',').map((t) => t.trim()).filter((t) => t && !UPGRADE_HEADERS.has(t.toLowerCase()));
      if (kept.length) lines.push(`${name}: ${kept.join(', ')}`);
      continue;
    }
    lines.push(`${name}: ${value}`);
  }
  socket.unshift(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), head]));
  app.server.emit('connection', socket);
}

/** How long closing waits for publishes under way before it closes the broker (or the client). */
const PUBLISH_DRAIN_MS = 1_000;

/** The broker refuses a publish (the outbox relay publishes its message later). */
export class BrokerBacklogError extends Error {
  constructor(limit: number) {
    super(`the external MQTT broker has ${limit} unacknowledged messages (MQTT_MAX_PENDING): this one is left to the outbox relay`);
    this.name = 'BrokerBacklogError';
  }
}

async function externalBroker(app: FastifyInstance, url: string, maxPending: number): Promise<Broker> {
  const client = mqtt.connect(url, {
    clientId: `api-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });
  client.on('error', (err) => app.log.warn({ err }, 'external MQTT broker error'));
  const pending = new Set<Promise<unknown>>();
  let sent = 0;
  app.addHook('preClose', async () => {
    await settled(pending, PUBLISH_DRAIN_MS);
    // A broker that is down would never acknowledge what is queued: do not wait for it (the
    // messages are in the outbox, unmarked, and the relay publishes them).
    await client.endAsync(!client.connected || pending.size > 0);
  });
  return {
    mode: 'external',
    connectedClients: () => (client.connected ? 1 : 0),
    reachable: async () => client.connected,
    disconnectSessions: () => {},
    fanOuts: () => sent,
    publish: async (topic, payload) => {
      // mqtt.js keeps every QoS 1 publish in memory until the broker acknowledges it, and queues
      // them without limit while it is disconnected: bounded here. A refused message is not lost:
      // its outbox row stays unmarked and the relay publishes it once the broker is back.
      if (pending.size >= maxPending) throw new BrokerBacklogError(maxPending);
      sent += 1;
      await track(pending, client.publishAsync(topic, payload, { qos: 1 }));
    },
    pendingPublishes: () => pending.size,
  };
}

function track<T>(pending: Set<Promise<unknown>>, promise: Promise<T>): Promise<T> {
  pending.add(promise);
  const done = () => void pending.delete(promise);
  promise.then(done, done);
  return promise;
}

/** Resolves when every promise in `pending` has settled, or after `ms`. */
async function settled(pending: Set<Promise<unknown>>, ms: number): Promise<void> {
  if (pending.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * The transport: an embedded Aedes at `/mqtt` on the API port (shared with the other instances
 * through Redis when `clusterRedisUrl` is set), or a client of an external broker (`mqttUrl`). What it allows comes from `policy`; it knows nothing of designers or topics itself.
 */
export default fp<{ mqttUrl?: string; clusterRedisUrl?: string; maxPending?: number; policy: BrokerPolicy; recheckMs: number; startTimeoutMs?: number }>(
  async function brokerPlugin(app, opts) {
    if (opts.clusterRedisUrl) {
      await waitForRedis(opts.clusterRedisUrl, opts.startTimeoutMs ?? 30_000, ({ attempt, retryInMs, error }) =>
        app.log.warn(`waiting for Redis (MQTT_CLUSTER_REDIS_URL) (${error}); attempt ${attempt}, next in ${retryInMs} ms`),
      );
    }
    const broker = opts.mqttUrl
      ? await externalBroker(app, opts.mqttUrl, opts.maxPending ?? 1000)
      : await embeddedBroker(app, opts.policy, opts.recheckMs, opts.clusterRedisUrl ? redisClusterBackend(opts.clusterRedisUrl) : undefined);
    app.decorate('broker', broker);
  },
  { name: 'broker' },
);
