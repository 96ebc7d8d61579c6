// Worker thread of bench/day (see run.ts): the browsers' MQTT connections, off the load's event
// loop. Each client reconnects every 5 s as the SPA does, subscribes to its designer topic and
// `announcements`, and records the message ids it receives (deduplicated per designer).
import { parentPort } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';

export interface DayClient {
  designerId: number;
  code: string;
  token: string;
}

export type ToDayWorker = { cmd: 'connect'; url: string; clients: DayClient[] } | { cmd: 'report' } | { cmd: 'close' };

export type FromDayWorker =
  | { type: 'connected'; ok: number; failed: number; ms: number }
  | { type: 'report'; received: Record<number, number[]>; announcements: number; reconnects: number; connectedNow: number }
  | { type: 'closed' };

const port = parentPort!;
const clients: MqttClient[] = [];
const received = new Map<number, Set<number>>();
let announcements = 0;
let reconnects = 0;

function connect(url: string, c: DayClient): Promise<boolean> {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, {
      clientId: `${c.code}_day`,
      username: c.code,
      password: c.token,
      protocolVersion: 4,
      clean: true,
      keepalive: 40,
      reconnectPeriod: 5_000,
      connectTimeout: 30_000,
    });
    clients.push(client);
    const seen = new Set<number>();
    received.set(c.designerId, seen);
    const topic = `designers/${c.code}/messages`;
    let first = true;
    client.on('connect', () => {
      client.subscribe([topic, 'announcements'], { qos: 1 });
      if (first) {
        first = false;
        resolve(true);
      }
    });
    client.on('reconnect', () => reconnects++);
    client.on('error', () => undefined);
    client.on('message', (t, payload) => {
      try {
        const m = JSON.parse(payload.toString('utf8')) as { message_id?: number };
        if (t === 'announcements') announcements++;
        else if (typeof m.message_id === 'number') seen.add(m.message_id);
      } catch {
        // not a message of the app
      }
    });
    setTimeout(() => {
      if (first) resolve(false);
    }, 30_000);
  });
}

port.on('message', async (m: ToDayWorker) => {
  if (m.cmd === 'connect') {
    const started = Date.now();
    let ok = 0;
    for (let i = 0; i < m.clients.length; i += 50) {
      const results = await Promise.all(m.clients.slice(i, i + 50).map((c) => connect(m.url, c)));
      ok += results.filter(Boolean).length;
    }
    port.postMessage({ type: 'connected', ok, failed: m.clients.length - ok, ms: Date.now() - started } satisfies FromDayWorker);
  } else if (m.cmd === 'report') {
    port.postMessage({
      type: 'report',
      received: Object.fromEntries([...received].map(([id, s]) => [id, [...s]])),
      announcements,
      reconnects,
      connectedNow: clients.filter((c) => c.connected).length,
    } satisfies FromDayWorker);
  } else {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    port.postMessage({ type: 'closed' } satisfies FromDayWorker);
  }
});
