/**
 * The MQTT client runs in a dedicated worker (issue #19): loading mqtt.js, its keepalive and the
 * parsing of every packet took a throttled phone's main thread for over half a second in one task
 * right after the first screen. The page talks to the worker through this small protocol; the
 * worker side (`serveMqtt`) drives the real library, the page side (`workerMqtt`) looks to
 * `connectMqtt` like the library itself.
 */

/** The part of an mqtt.js client that `connectMqtt` uses. */
export interface MqttClientLike {
  connected: boolean;
  on(event: 'connect' | 'reconnect' | 'close' | 'error', listener: () => void): unknown;
  on(event: 'message', listener: (topic: string, payload: { toString(): string }) => void): unknown;
  subscribe(topics: string[], options: { qos: 0 | 1 | 2 }, callback: (error: Error | null) => void): unknown;
  removeAllListeners(event?: string): unknown;
  end(force?: boolean): unknown;
}

/** The part of the mqtt library used (loaded lazily; a test hands its own). */
export interface MqttLibrary {
  connect: (url: string, options: Record<string, unknown>) => MqttClientLike;
}

/** Either end of the channel: the worker seen from the page, the worker's own scope, a MessagePort. */
export interface MqttPort {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** Page → worker. */
export type MqttCommand =
  | { type: 'connect'; url: string; options: Record<string, unknown> }
  | { type: 'subscribe'; id: number; topics: string[]; qos: 0 | 1 | 2 }
  | { type: 'end' };

/** Worker → page. */
export type MqttEvent =
  | { type: 'connect' | 'reconnect' | 'close' }
  | { type: 'message'; topic: string; payload: string }
  | { type: 'subscribed'; id: number; error: string | null };

/** The worker's side: one client of `library`, driven by the page's commands. */
export function serveMqtt(port: MqttPort, library: MqttLibrary): void {
  let client: MqttClientLike | undefined;
  const send = (event: MqttEvent) => port.postMessage(event);
  const stop = () => {
    client?.removeAllListeners();
    client?.end(true);
    client = undefined;
  };
  port.onmessage = (event: MessageEvent<MqttCommand>) => {
    const command = event.data;
    if (command.type === 'connect') {
      stop();
      const c = library.connect(command.url, command.options);
      client = c;
      c.on('connect', () => send({ type: 'connect' }));
      c.on('reconnect', () => send({ type: 'reconnect' }));
      c.on('close', () => send({ type: 'close' }));
      // Connection errors surface as 'close'; mqtt.js retries on its own schedule.
      c.on('error', () => {});
      c.on('message', (topic, payload) => send({ type: 'message', topic, payload: payload.toString() }));
    } else if (command.type === 'subscribe') {
      if (!client) {
        send({ type: 'subscribed', id: command.id, error: 'not connected' });
        return;
      }
      client.subscribe(command.topics, { qos: command.qos }, (error) => send({ type: 'subscribed', id: command.id, error: error ? error.message || 'subscribe failed' : null }));
    } else {
      stop();
    }
  };
}

type Listener = (...args: never[]) => void;

/**
 * The page's side of one connection: an mqtt.js-like client whose work happens in the worker
 * `open()` starts. A worker that fails to start (its script did not load: `onFailed`) counts as a
 * closed connection and is started again every `retryMs`, as mqtt.js itself retries a broker.
 */
class WorkerClient implements MqttClientLike {
  connected = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly pending = new Map<number, (error: Error | null) => void>();
  private nextId = 1;
  private ended = false;
  private port: (MqttPort & { terminate?: () => void }) | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly open: (onFailed: () => void) => MqttPort & { terminate?: () => void },
    private readonly url: string,
    private readonly options: Record<string, unknown>,
    private readonly retryMs: number,
  ) {
    this.start();
  }

  private start() {
    const port = this.open(() => {
      if (this.port !== port || this.ended) return;
      this.port = undefined;
      port.terminate?.();
      this.lost();
      this.retry = setTimeout(() => {
        if (this.ended) return;
        this.emit('reconnect');
        this.start();
      }, this.retryMs);
    });
    this.port = port;
    port.onmessage = (event: MessageEvent<MqttEvent>) => {
      if (this.port !== port || this.ended) return;
      const e = event.data;
      if (e.type === 'connect') {
        this.connected = true;
        this.emit('connect');
      } else if (e.type === 'close') {
        this.lost();
      } else if (e.type === 'reconnect') {
        this.emit('reconnect');
      } else if (e.type === 'message') {
        this.emit('message', e.topic, e.payload);
      } else if (e.type === 'subscribed') {
        const callback = this.pending.get(e.id);
        this.pending.delete(e.id);
        callback?.(e.error === null ? null : new Error(e.error));
      }
    };
    this.send({ type: 'connect', url: this.url, options: this.options });
  }

  /** The connection is down: subscriptions asked for on it will never be granted. */
  private lost() {
    this.connected = false;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const callback of waiting) callback(new Error('connection closed'));
    this.emit('close');
  }

  private send(command: MqttCommand) {
    this.port?.postMessage(command);
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  }

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  subscribe(topics: string[], options: { qos: 0 | 1 | 2 }, callback: (error: Error | null) => void): this {
    if (!this.port) {
      callback(new Error('connection closed'));
      return this;
    }
    const id = this.nextId++;
    this.pending.set(id, callback);
    this.send({ type: 'subscribe', id, topics, qos: options.qos });
    return this;
  }

  removeAllListeners(event?: string): this {
    if (event === undefined) this.listeners.clear();
    else this.listeners.delete(event);
    return this;
  }

  end(): this {
    if (this.ended) return this;
    this.ended = true;
    this.connected = false;
    clearTimeout(this.retry);
    this.send({ type: 'end' });
    // A worker per connection: an ended one would otherwise stay alive, idle, until the tab closes.
    // Ending it also closes its socket, should the 'end' above not have run yet.
    this.port?.terminate?.();
    this.port = undefined;
    this.pending.clear();
    return this;
  }
}

/**
 * A library whose clients live in workers `open` starts (one worker per connection; `onFailed` is
 * to be called if the worker cannot start). `retryMs`: how soon a failed worker is started again.
 */
export function workerMqtt(open: (onFailed: () => void) => MqttPort & { terminate?: () => void }, retryMs: number): MqttLibrary {
  return { connect: (url, options) => new WorkerClient(open, url, options, retryMs) };
}
