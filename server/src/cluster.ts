/**
 * Several API processes on one machine (API_WORKERS > 1), with node:cluster.
 *
 * The primary forks the workers (`worker.ts`), replaces one that dies, and shuts them all down on
 * request. Every worker builds the whole app. The primary owns the public listening socket and
 * hands each new connection to the next ready worker in strict turn (`WORKER_CONNECTION`, the
 * socket passed over IPC). Node's own round-robin gives a connection to whichever worker answers
 * the previous handover first, so a burst of connections split unevenly: 34 and 16 of 50 in the
 * ticket bench, and the worker with twice the connections answered twice as slowly. Workers share
 * nothing in memory; what they must agree on lives in the database (sessions, rate limits,
 * allocation locks), the external broker (MQTT_URL, required) or their environment, set here:
 * `API_WORKER_INDEX`, and `SIMULATOR_RATE_PER_MIN=0` for every worker but index 0, so
 * once-per-deployment jobs run once. A replacement keeps the index it replaces.
 *
 * `forkWorkers` is the whole of it for other callers (the ticket bench): fork, wait until every
 * worker is ready, get the port, close.
 */
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Worker → primary, once the worker's app is ready to serve connections. */
export interface WorkerReadyMessage {
  type: 'api-worker:ready';
}

/** Primary → worker, with a connection's socket as the IPC handle: serve it. */
export interface WorkerConnectionMessage {
  type: 'api-worker:connection';
}

/** Primary → worker: close gracefully (the app's onClose path) and exit 0. */
export interface WorkerShutdownMessage {
  type: 'api-worker:shutdown';
}

export const WORKER_READY = 'api-worker:ready';
export const WORKER_SHUTDOWN = 'api-worker:shutdown';
export const WORKER_CONNECTION = 'api-worker:connection';

/** Deaths within DEATH_WINDOW_MS that make the pool give up (workers failing at start, in a loop). */
export const MAX_DEATHS = 5;
export const DEATH_WINDOW_MS = 30_000;
/** How long `close` waits for the workers to finish before killing them. */
export const CLOSE_TIMEOUT_MS = 10_000;

export interface PoolLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface ForkWorkersOptions {
  /** Worker processes (≥ 1). */
  count: number;
  /** Where the primary listens for the workers; default 127.0.0.1 and a free port. */
  host?: string;
  port?: number;
  /**
   * Environment of every worker, over the primary's own (`cluster.fork` merges it with
   * process.env). Whatever the workers must agree on goes here (server.ts passes the local object
   * store's signing secret).
   */
  env?: Record<string, string>;
  /** Worker entry; default `worker.ts` next to this module. */
  exec?: string;
  /** Node options of the workers; default the primary's (`--import tsx`, profiling flags…). */
  execArgv?: string[];
  /** Where the pool reports deaths and replacements; default silent. */
  log?: PoolLog;
  /** The pool gave up after MAX_DEATHS deaths within DEATH_WINDOW_MS, after `start` resolved. */
  onGiveUp?: (err: Error) => void;
}

export interface StartedWorkers {
  /** The port the primary listens on for the workers (with port 0, a free one). */
  port: number;
  /** Process ids of the live workers. */
  pids(): number[];
  /** Asks every worker to close gracefully, waits (CLOSE_TIMEOUT_MS at most, then kills), resolves when all have exited. */
  close(): Promise<void>;
}

/**
 * Forks `count` workers running the real worker entry and resolves once every one is ready and the
 * primary listens.
 * Rejects (with the workers stopped) when they keep dying before that. One pool per process:
 * cluster settings are process-wide.
 */
export async function forkWorkers(opts: ForkWorkersOptions): Promise<StartedWorkers> {
  const pool = new WorkerPool(opts);
  const port = await pool.start();
  return { port, pids: () => pool.pids(), close: async () => void (await pool.close()) };
}

const silent: PoolLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function defaultWorkerEntry(): string {
  // worker.ts under tsx, worker.js if this module was compiled.
  const self = fileURLToPath(import.meta.url);
  return path.join(path.dirname(self), `worker${path.extname(self)}`);
}

interface Slot {
  index: number;
  worker?: Worker;
  /** A worker of this index has been ready at least once. */
  started: boolean;
  respawn?: NodeJS.Timeout;
}

/** The workers of a primary: forks, watches, replaces and closes them. */
export class WorkerPool {
  private readonly slots: Slot[];
  private readonly log: PoolLog;
  private readonly deaths: number[] = [];
  /** Workers that said they are ready (and so take connections and the shutdown message). */
  private readonly ready = new WeakSet<Worker>();
  private port: number | undefined;
  private server: net.Server | undefined;
  /** Turns of the connection handover. */
  private turn = 0;
  private stopping = false;
  private closing: Promise<boolean> | undefined;
  private settleStart: { resolve: (port: number) => void; reject: (err: Error) => void } | undefined;

  constructor(private readonly opts: ForkWorkersOptions) {
    if (!Number.isInteger(opts.count) || opts.count < 1) throw new Error(`worker count must be a positive integer, got ${opts.count}`);
    this.slots = Array.from({ length: opts.count }, (_, index) => ({ index, started: false }));
    this.log = opts.log ?? silent;
  }

  /** Forks every worker; once all of them are ready, listens and resolves with the port. */
  start(): Promise<number> {
    if (this.settleStart || this.port !== undefined) throw new Error('the worker pool is already started');
    cluster.setupPrimary({
      exec: this.opts.exec ?? defaultWorkerEntry(),
      execArgv: this.opts.execArgv ?? process.execArgv,
      args: [],
    });
    const started = new Promise<number>((resolve, reject) => {
      this.settleStart = { resolve, reject };
    });
    for (const slot of this.slots) this.fork(slot);
    return started;
  }

  pids(): number[] {
    return this.slots.flatMap((s) => (s.worker?.process.pid !== undefined && !s.worker.isDead() ? [s.worker.process.pid] : []));
  }

  /**
   * Stops replacing workers, asks each to close gracefully, waits for all to exit. Resolves true
   * when they all closed within CLOSE_TIMEOUT_MS; false when some had to be killed.
   */
  close(timeoutMs = CLOSE_TIMEOUT_MS): Promise<boolean> {
    this.closing ??= (async () => {
      const pending = this.takeStart();
      const clean = await this.closeAll(timeoutMs);
      pending?.reject(new Error('the worker pool was closed before every worker was ready'));
      return clean;
    })();
    return this.closing;
  }

  private async closeAll(timeoutMs: number): Promise<boolean> {
    this.stopping = true;
    // No new connections; the ones handed over are the workers' to finish.
    this.server?.close();
    this.server = undefined;
    const live: Worker[] = [];
    for (const slot of this.slots) {
      clearTimeout(slot.respawn);
      if (slot.worker && !slot.worker.isDead()) live.push(slot.worker);
    }
    const exits = live.map((w) => exited(w));
    for (const w of live) {
      // A worker still starting may not listen for messages yet; SIGTERM ends it either way.
      if (this.ready.has(w) && w.isConnected()) w.send({ type: WORKER_SHUTDOWN } satisfies WorkerShutdownMessage);
      else w.process.kill('SIGTERM');
    }
    let timer: NodeJS.Timeout | undefined;
    const inTime = await Promise.race([
      Promise.all(exits).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (inTime) return true;
    const stuck = live.filter((w) => !w.isDead());
    this.log.error(`${stuck.length} worker(s) did not close within ${timeoutMs / 1000} s: killing them`);
    for (const w of stuck) w.process.kill('SIGKILL');
    await Promise.all(exits);
    return false;
  }

  private fork(slot: Slot): void {
    slot.respawn = undefined;
    const env: Record<string, string> = { ...this.opts.env, API_WORKER_INDEX: String(slot.index) };
    // The demo order simulator runs in worker 0 only (it would otherwise run once per worker).
    if (slot.index > 0) env.SIMULATOR_RATE_PER_MIN = '0';
    const worker = cluster.fork(env);
    slot.worker = worker;
    worker.on('message', (msg: unknown) => {
      if (!isReady(msg)) return;
      this.ready.add(worker);
      slot.started = true;
      if (this.settleStart && this.server === undefined && this.slots.every((s) => s.started)) {
        this.listen().then(
          (port) => this.takeStart()?.resolve(port),
          (err: Error) => {
            const pending = this.takeStart();
            void this.close().then(() => pending?.reject(err));
          },
        );
      }
    });
    worker.on('exit', (code, signal) => {
      if (slot.worker === worker) slot.worker = undefined;
      if (this.stopping) return;
      this.onDeath(slot, worker, code, signal);
    });
  }

  private onDeath(slot: Slot, worker: Worker, code: number | null, signal: string | null): void {
    const now = Date.now();
    this.deaths.push(now);
    while (this.deaths.length && this.deaths[0]! <= now - DEATH_WINDOW_MS) this.deaths.shift();
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (this.deaths.length >= MAX_DEATHS) {
      const err = new Error(`${this.deaths.length} worker deaths within ${DEATH_WINDOW_MS / 1000} s (the last: worker ${slot.index}, pid ${worker.process.pid}, ${how}): giving up`);
      this.log.error(err.message);
      // Before start resolved: start rejects with this error, once the others are stopped.
      const pending = this.takeStart();
      void this.close().then(() => (pending ? pending.reject(err) : this.opts.onGiveUp?.(err)));
      return;
    }
    // A short pause, longer with every recent death, so a crash loop does not spin.
    const delay = 250 * 2 ** (this.deaths.length - 1);
    this.log.warn(`worker ${slot.index} (pid ${worker.process.pid}) exited unexpectedly (${how}); starting a new one in ${delay} ms`);
    slot.respawn = setTimeout(() => {
      if (!this.stopping) this.fork(slot);
    }, delay);
  }

  /** Opens the public listening socket; its connections stay paused until a worker reads them. */
  private listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = net.createServer({ pauseOnConnect: true }, (socket) => this.handOver(socket));
      this.server = server;
      server.once('error', reject);
      server.listen({ host: this.opts.host ?? '127.0.0.1', port: this.opts.port ?? 0 }, () => {
        server.off('error', reject);
        server.on('error', (err) => this.log.error(`listening socket: ${err.message}`));
        this.port = (server.address() as net.AddressInfo).port;
        resolve(this.port);
      });
    });
  }

  /** Gives a new connection to the next ready worker in turn (the primary's copy closes once sent). */
  private handOver(socket: net.Socket): void {
    socket.on('error', () => socket.destroy());
    const ready = this.slots.flatMap((s) => (s.worker && this.ready.has(s.worker) && s.worker.isConnected() ? [s.worker] : []));
    if (this.stopping || ready.length === 0) {
      socket.destroy();
      return;
    }
    const worker = ready[this.turn++ % ready.length]!;
    worker.send({ type: WORKER_CONNECTION } satisfies WorkerConnectionMessage, socket, (err) => {
      if (err) socket.destroy();
    });
  }

  /** The pending start promise's settlers, taken (so it is settled once). */
  private takeStart() {
    const pending = this.settleStart;
    this.settleStart = undefined;
    return pending;
  }
}

function isReady(msg: unknown): msg is WorkerReadyMessage {
  return typeof msg === 'object' && msg !== null && (msg as { type?: unknown }).type === WORKER_READY;
}

function exited(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => worker.once('exit', () => resolve()));
}
