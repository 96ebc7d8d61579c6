import aedesPersistenceRedis from 'aedes-persistence-redis';
import { type Command, Redis } from 'ioredis';
import MQEmitterRedis from 'mqemitter-redis';

/**
 * The shared backend of the embedded brokers of several instances (MQTT_CLUSTER_REDIS_URL): what
 * one instance publishes reaches the browsers connected to any of them (mqemitter-redis), and the
 * sessions and subscriptions live in Redis (aedes-persistence-redis). The database stays the
 * record of every message: Redis carries notices only, so a Redis restart loses none.
 *
 * Redis publish/subscribe channels are not scoped by database number: one Redis serves one
 * deployment.
 */
export interface ClusterBackend {
  /** Aedes' `mq` option. */
  mq: ReturnType<typeof MQEmitterRedis>;
  /** Aedes' `persistence` option. */
  persistence: unknown;
  /** Whether Redis answers now (readiness), within `timeoutMs`. */
  reachable(timeoutMs: number): Promise<boolean>;
  /** Closes the connections the persistence and the probe hold (Aedes closes the emitter). */
  close(): Promise<void>;
}

/** The topic on which instances tell each other that a designer's sessions ended (never a client's). */
export const SESSIONS_ENDED_TOPIC = '$cluster/sessions/ended';

/** Redis never answered within the start timeout: the server does not start (said in both languages). */
export class RedisUnavailableError extends Error {
  constructor(url: string, timeoutMs: number, cause: string) {
    const where = redactUrl(url);
    super(
      `Redis ${where} 在 ${timeoutMs / 1000} 秒内无法连接，服务未启动 / Redis at ${where} (MQTT_CLUSTER_REDIS_URL) could not be reached within ${timeoutMs / 1000} s (DATABASE_START_TIMEOUT_MS), the server did not start:\n  ${cause}`,
    );
    this.name = 'RedisUnavailableError';
  }
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://…';
  }
}

/**
 * Waits until Redis answers a PING, retrying with backoff (0.5 s doubling up to 5 s) until
 * `timeoutMs` has passed, as the start waits for the database: instances and Redis started
 * together (a cluster's boot, a container restart) come up in any order.
 */
export async function waitForRedis(
  url: string,
  timeoutMs: number,
  onRetry: (retry: { attempt: number; retryInMs: number; error: string }) => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 1; ; attempt++) {
    const conn = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null, connectTimeout: 2_000 });
    let cause: Error | undefined; // the socket's own error (ECONNREFUSED …), clearer than the closed connection's
    conn.on('error', (e: Error) => (cause ??= e));
    try {
      await conn.connect();
      await conn.ping();
      return;
    } catch (err) {
      const error = (cause ?? (err as Error)).message || String(err);
      const left = deadline - Date.now();
      if (left <= 0) throw new RedisUnavailableError(url, timeoutMs, error);
      const retryInMs = Math.min(500 * 2 ** (attempt - 1), 5_000, left);
      onRetry({ attempt, retryInMs, error });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    } finally {
      conn.disconnect();
    }
  }
}

/**
 * A connection whose commands never end the process: the emitter and the persistence send some
 * commands without waiting for them (a heartbeat publish, a subscription write), and when Redis is
 * away at close those are rejected with "Connection is closed." and nobody to hear it. Whoever
 * waits on a command still gets its error; the connection's own `error` events are ignored (ioredis
 * reconnects by itself, readiness reports Redis away).
 */
function quiet(conn: Redis): Redis {
  const send = conn.sendCommand.bind(conn);
  conn.sendCommand = ((command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    command.promise?.catch(() => undefined);
    return send(command, stream);
  }) as Redis['sendCommand'];
  conn.on('error', () => undefined);
  return conn;
}

export function redisClusterBackend(url: string): ClusterBackend {
  // Commands wait for a reconnect at most a few tries; a publish that fails then is left to the
  // outbox relay, which publishes every unmarked message again.
  const options = { maxRetriesPerRequest: 3, enableAutoPipelining: true } as const;
  const store = quiet(new Redis(url, options));
  const probe = quiet(new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false }));
  const pubConn = quiet(new Redis(url, options));
  const subConn = quiet(new Redis(url, options));
  // The emitter closes with quit() and drops its promise, which rejects when Redis is away at
  // that moment: an unhandled rejection would end the process while it shuts down.
  for (const conn of [pubConn, subConn]) {
    const quit = conn.quit.bind(conn);
    conn.quit = (() => quit().catch(() => 'OK' as const)) as typeof conn.quit;
  }
  const mq = MQEmitterRedis({ pubConn, subConn });
  // ioredis reconnects by itself; Redis away is reported by readiness, never thrown. (The emitter
  // re-emits its connections' errors on `state`, which would end the process unheard.)
  (mq as unknown as { state: NodeJS.EventEmitter }).state.on('error', () => {});
  return {
    mq,
    persistence: aedesPersistenceRedis({ conn: store }),
    async reachable(timeoutMs) {
      if (probe.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
      const answer = probe.ping().then(
        (pong) => pong === 'PONG',
        () => false,
      );
      const result = await Promise.race([answer, late]);
      clearTimeout(timer);
      return result;
    },
    async close() {
      probe.disconnect();
      store.disconnect();
    },
  };
}
