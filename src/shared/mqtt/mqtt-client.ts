import type { MqttClient } from 'mqtt';
import { MQTT_KEEPALIVE_S, MQTT_RECONNECT_MS } from '@/shared/config/constants';
import { env } from '@/shared/config/env';

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

let current: { client: MqttClient; key: string } | undefined;

/** One id per page load, so two tabs of one designer hold two connections (`<designer_id>_<tab>`). */
const TAB_ID = Math.random().toString(36).slice(2, 10);

/**
 * The tab's one messaging connection (spec §4, §7): keepalive 40 s, reconnect every 5 s, clean
 * session, so the broker keeps nothing between connections: the topics are subscribed on every
 * connect, and the status turns 'connected' once the broker has granted them. The mqtt library is
 * loaded lazily so it never weighs on the first page load.
 */
export async function connectMqtt(options: MqttOptions): Promise<void> {
  const key = `${options.clientId}:${options.password}`;
  if (current?.key === key) return;
  disconnectMqtt();
  const { default: mqtt } = await import('mqtt');
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
  current = { client, key };
  let checking = false;
  options.onStatus?.('connecting');

  client.on('connect', () => {
    client.subscribe(options.topics, { qos: 1 }, (err) => {
      // An error: the connection closed before the grant; the next connect subscribes again.
      if (err || current?.client !== client) return;
      options.onStatus?.('connected');
      options.onSubscribed?.();
    });
  });
  client.on('reconnect', () => options.onStatus?.('reconnecting'));
  client.on('message', (topic, payload) => options.onMessage(topic, payload.toString()));
  client.on('close', () => {
    if (current?.client !== client) return;
    options.onStatus?.('closed');
    if (checking) return;
    checking = true;
    void options
      .onConnectionLost()
      .then((keepTrying) => {
        if (!keepTrying) disconnectMqtt();
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
  client.removeAllListeners('close');
  client.end(true);
}

export function isMqttConnected(): boolean {
  return current?.client.connected ?? false;
}
