import { MQTT_KEEPALIVE_S, MQTT_RECONNECT_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';
import { type MqttClientLike, type MqttLibrary, workerMqtt } from './mqtt-worker';

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface MqttOptions {
  clientId: string;
  username: string;
  password: string;
  topics: string[];
  onMessage: (topic: string, payload: string) => void;
  /** Called when the connection drops; answer false to stop reconnecting for good. */
  onConnectionLost: () => Promise<boolean>;
  onStatus?: (status: ConnectionStatus) => void;
  /**
   * Called each time the subscriptions are in place (after the first connect and every reconnect).
   * Messages sent while the tab was not subscribed are not delivered (clean session): the caller
   * refreshes what they would have refreshed.
   */
  onSubscribed?: () => void;
}

/** ws(s)://<host>/mqtt unless the runtime config names another broker (spec §7). */
export function brokerUrl(): string {
  if (env.mqttUrl) return env.mqttUrl;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/mqtt`;
}

/**
 * The tab's connection, from the moment it is asked for: `client` is set once the library has
 * loaded. `options` are the latest caller's (its callbacks), `status` the last one reported.
 */
interface Connection {
  key: string;
  options: MqttOptions;
  status: ConnectionStatus;
  client?: MqttClientLike;
}
let current: Connection | undefined;

/** One id per page load, so two tabs of one designer hold two connections (`<designer_id>_<tab>`). */
const TAB_ID = Math.random().toString(36).slice(2, 10);

/** One dedicated worker per connection runs mqtt.js (see mqtt-worker.ts); Vite bundles it apart. */
function openWorker(onFailed: () => void): Worker {
  const worker = new Worker(new URL('./mqtt.worker.ts', import.meta.url), { type: 'module', name: 'mqtt' });
  // The script did not load, or the worker died: the client reports 'closed' and starts another.
  worker.onerror = (event) => {
    event.preventDefault();
    onFailed();
  };
  return worker;
}

const inWorker = () => Promise.resolve({ default: workerMqtt(openWorker, MQTT_RECONNECT_MS) });

/**
 * The tab's one messaging connection (spec §4, §7): keepalive 40 s, reconnect every 5 s, clean
 * session, so the broker keeps nothing between connections: the topics are subscribed on every
 * connect, and the status turns 'connected' once the broker has granted them. The mqtt library
 * runs in a worker started with the connection, so it never weighs on the page's own thread.
 *
 * Asked again for the same designer and token, it keeps the connection and reports its status to
 * the new caller. Disconnected or replaced while the library loads, it connects nothing: a second
 * client of the same id would take the broker's session from the first, and each would then keep
 * taking it back every 5 s (the tab stayed 连接中 / 未连接: seen in the e2e suite once the app's
 * first render became a transition, which changed when the signed-in frame mounts).
 */
export async function connectMqtt(options: MqttOptions, load: () => Promise<{ default: MqttLibrary }> = inWorker): Promise<void> {
  const key = `${options.clientId}:${options.password}`;
  if (current?.key === key) {
    current.options = options;
    options.onStatus?.(current.status);
    return;
  }
  disconnectMqtt();
  const connection: Connection = { key, options, status: 'connecting' };
  current = connection;
  options.onStatus?.('connecting');
  const { default: mqtt } = await load();
  if (current !== connection) return;
  const client = mqtt.connect(brokerUrl(), {
    clientId: `${options.clientId}_${TAB_ID}`,
    username: options.username,
    password: options.password,
    keepalive: MQTT_KEEPALIVE_S,
    reconnectPeriod: MQTT_RECONNECT_MS,
    connectTimeout: 10_000,
    clean: true,
    resubscribe: false,
    protocolVersion: 4,
  });
  connection.client = client;
  const live = () => current === connection;
  const report = (status: ConnectionStatus) => {
    connection.status = status;
    connection.options.onStatus?.(status);
  };
  let checking = false;

  client.on('connect', () => {
    client.subscribe(options.topics, { qos: 1 }, (err) => {
      // An error: the connection closed before the grant; the next connect subscribes again.
      if (err || !live()) return;
      report('connected');
      connection.options.onSubscribed?.();
    });
  });
  client.on('reconnect', () => {
    if (live()) report('reconnecting');
  });
  client.on('message', (topic, payload) => {
    if (live()) connection.options.onMessage(topic, payload.toString());
  });
  client.on('close', () => {
    if (!live()) return;
    report('closed');
    if (checking) return;
    checking = true;
    void connection.options
      .onConnectionLost()
      .then((keepTrying) => {
        if (!keepTrying && live()) disconnectMqtt();
      })
      .finally(() => {
        checking = false;
      });
  });
  client.on('error', () => {
    // Connection errors surface as 'close'; mqtt.js retries on its own schedule.
  });
}

export function disconnectMqtt(): void {
  if (!current) return;
  const { client } = current;
  current = undefined;
  if (!client) return;
  client.removeAllListeners('close');
  client.end(true);
}

export function isMqttConnected(): boolean {
  return current?.client?.connected ?? false;
}
