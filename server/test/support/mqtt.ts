/**
 * MQTT helpers for integration tests: mqtt.js clients that record what they receive, promises with
 * explicit timeouts (mqtt.js `connectAsync` with reconnectPeriod 0 never settles when the websocket
 * upgrade is refused, see stack-notes.md), and cleanup after every test.
 *
 * Waiting is event-driven: `waitFor` resolves as soon as a matching message is (or was already)
 * received; to show that something did NOT arrive, tests use a barrier (a later message on the same
 * connection, which the broker delivers in order) instead of sleeping.
 */
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterEach } from 'vitest';

/** Default timeout of every MQTT wait, well below the server project's testTimeout (30 s). */
export const MQTT_WAIT_MS = 5_000;

/** Rejects with a readable error when `promise` has not settled after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface Received {
  topic: string;
  raw: string;
  /** The JSON payload (undefined when the payload is not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read payload fields ad hoc
  json: any;
}

/** Error of a refused connection: `code` is the CONNACK return code when the broker sent one. */
export interface ConnectError extends Error {
  code?: number;
}

/** An mqtt.js client plus everything it received, in order, and whether it was closed. */
export class Probe {
  readonly received: Received[] = [];
  closed = false;
  private listeners = new Set<() => void>();

  constructor(
    readonly client: MqttClient,
    readonly name: string,
  ) {
    client.on('message', (topic, payload) => {
      const raw = payload.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
      }
      this.received.push({ topic, raw, json });
      this.notify();
    });
    client.on('close', () => {
      this.closed = true;
      this.notify();
    });
  }

  private notify() {
    for (const l of [...this.listeners]) l();
  }

  /** Resolves when `check()` is true (checked now and after every event), or rejects after `ms`. */
  private until<T>(check: () => T | undefined, ms: number, what: string): Promise<T> {
    const now = check();
    if (now !== undefined) return Promise.resolve(now);
    let listener: (() => void) | undefined;
    const p = new Promise<T>((resolve) => {
      listener = () => {
        const v = check();
        if (v !== undefined) resolve(v);
      };
      this.listeners.add(listener);
    });
    return withTimeout(p, ms, `${this.name}: ${what}`).finally(() => this.listeners.delete(listener!));
  }

  /** The first received message (already received or still to come) that matches. */
  waitFor(match: (m: Received) => boolean, what = 'a matching message', ms = MQTT_WAIT_MS): Promise<Received> {
    return this.until(() => this.received.find(match), ms, what);
  }

  /** Resolves when the broker (or anyone) has closed this connection. */
  waitClosed(ms = MQTT_WAIT_MS): Promise<void> {
    return this.until(() => (this.closed ? true : undefined), ms, 'the connection to close').then(() => undefined);
  }

  /** Messages received on a topic. */
  on(topic: string): Received[] {
    return this.received.filter((m) => m.topic === topic);
  }

  /** SUBSCRIBE and return the SUBACK's granted codes (128 = refused); never throws on a refusal. */
  subscribe(topic: string | string[], ms = MQTT_WAIT_MS): Promise<number[]> {
    const p = new Promise<number[]>((resolve, reject) => {
      this.client.subscribe(topic, { qos: 1 }, (err, _granted, packet) => {
        const granted = (packet as { granted?: (number | { qos: number })[] } | undefined)?.granted;
        if (granted) resolve(granted.map((g) => (typeof g === 'number' ? g : g.qos)));
        else reject(err ?? new Error('SUBACK without granted codes'));
      });
    });
    return withTimeout(p, ms, `${this.name}: SUBACK for ${String(topic)}`);
  }
}

export interface MqttConnectOptions extends IClientOptions {
  /** Name used in timeout messages. */
  name?: string;
  timeoutMs?: number;
}

/**
 * Registers an afterEach in the calling block that force-closes every client opened through the
 * returned `connect` during the test. `connect` resolves with a Probe on CONNACK 0 and rejects on a
 * refusal (ConnectError with the CONNACK code), on a closed socket, or after the timeout.
 */
export function useMqttClients() {
  const open = new Set<MqttClient>();
  afterEach(async () => {
    const clients = [...open];
    open.clear();
    await Promise.all(clients.map((c) => withTimeout(c.endAsync(true), 2_000, 'client end').catch(() => undefined)));
  });

  function connect(url: string, opts: MqttConnectOptions = {}): Promise<Probe> {
    const { name = opts.clientId ?? 'client', timeoutMs = MQTT_WAIT_MS, ...options } = opts;
    const client = mqtt.connect(url, {
      protocolVersion: 4,
      clean: true,
      keepalive: 40,
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
      ...options,
    });
    open.add(client);
    const probe = new Probe(client, name);
    const settled = new Promise<Probe>((resolve, reject) => {
      const cleanup = () => {
        client.off('connect', onConnect);
        client.off('error', onError);
        client.off('close', onClose);
      };
      const onConnect = () => {
        cleanup();
        resolve(probe);
      };
      const onError = (err: ConnectError) => {
        cleanup();
        client.end(true);
        reject(err);
      };
      const onClose = () => {
        cleanup();
        reject(Object.assign(new Error(`${name}: connection closed before CONNACK`), { code: undefined }));
      };
      client.on('connect', onConnect);
      client.on('error', onError);
      client.on('close', onClose);
    });
    return withTimeout(settled, timeoutMs + 1_000, `${name}: CONNACK`).catch((err: unknown) => {
      client.end(true);
      throw err;
    });
  }

  return { connect };
}
