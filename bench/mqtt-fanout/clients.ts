// Worker thread of the MQTT fan-out benchmark (see run.ts): holds the N mqtt.js clients, so their
// parsing does not run on the server's event loop, and measures receipt times. Times are absolute
// milliseconds (performance.timeOrigin + performance.now()) so both threads share one clock.
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';

export interface ClientSpec {
  clientId: string;
  username?: string;
  password?: string;
  /** The designer's own topic; the client also subscribes to `announcements`. */
  topic: string;
}

export type ToWorker =
  | { cmd: 'connect'; url: string; clients: ClientSpec[]; batch: number; timeoutMs: number }
  | { cmd: 'expectBroadcast'; marker: string }
  | { cmd: 'expectDirect'; run: string; total: number }
  | { cmd: 'report' }
  | { cmd: 'close' };

export type FromWorker =
  | { type: 'connected'; ok: number; failed: number; ms: number; firstError?: string }
  | { type: 'ack' }
  | { type: 'broadcastDone' }
  | { type: 'directDone' }
  | { type: 'report'; broadcastReceipts: number[]; directLatencies: number[]; directWrongTopic: number }
  | { type: 'closed' };

const nowAbs = () => performance.timeOrigin + performance.now();
const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);

const clients: MqttClient[] = [];
let broadcastMarker: string | undefined;
let broadcastReceipts: number[] = [];
let broadcastExpected = 0;
let directRun: string | undefined;
let directTotal = 0;
let directLatencies: number[] = [];
let directWrongTopic = 0;

function onMessage(ownTopic: string, topic: string, payload: Buffer) {
  const at = nowAbs();
  let msg: { ext_json?: { title?: string; info?: { bench_run?: string; bench_sent_at?: number } } };
  try {
    msg = JSON.parse(payload.toString('utf8'));
  } catch {
    return; // not ours (the external broker may be shared)
  }
  if (topic === 'announcements') {
    if (broadcastMarker && msg.ext_json?.title?.includes(broadcastMarker)) {
      broadcastReceipts.push(at);
      if (broadcastReceipts.length === broadcastExpected) send({ type: 'broadcastDone' });
    }
    return;
  }
  const info = msg.ext_json?.info;
  if (!directRun || info?.bench_run !== directRun || typeof info.bench_sent_at !== 'number') return;
  if (topic !== ownTopic) directWrongTopic++;
  directLatencies.push(at - info.bench_sent_at);
  if (directLatencies.length === directTotal) send({ type: 'directDone' });
}

function connectOne(url: string, spec: ClientSpec, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: spec.clientId,
      username: spec.username,
      password: spec.password,
      protocolVersion: 4,
      clean: true,
      keepalive: 40,
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
    });
    clients.push(client);
    // connectAsync never settles when a websocket upgrade is refused: own timeout, and 'close' rejects.
    const timer = setTimeout(() => fail(new Error('connect timeout')), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      client.end(true);
      reject(err);
    };
    client.once('error', fail);
    client.once('close', () => fail(new Error('closed before CONNACK')));
    client.once('connect', () => {
      client.removeAllListeners('close');
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      client.on('message', (topic, payload) => onMessage(spec.topic, topic, payload));
      client.subscribe([spec.topic, 'announcements'], { qos: 1 }, (err, granted) => {
        clearTimeout(timer);
        if (err || !granted || granted.some((g) => g.qos !== 1)) reject(err ?? new Error('subscription refused'));
        else resolve();
      });
    });
  });
}

port.on('message', async (m: ToWorker) => {
  switch (m.cmd) {
    case 'connect': {
      const started = nowAbs();
      let ok = 0;
      let failed = 0;
      let firstError: string | undefined;
      for (let i = 0; i < m.clients.length; i += m.batch) {
        const results = await Promise.allSettled(m.clients.slice(i, i + m.batch).map((c) => connectOne(m.url, c, m.timeoutMs)));
        for (const r of results) {
          if (r.status === 'fulfilled') ok++;
          else {
            failed++;
            firstError ??= (r.reason as Error).message;
          }
        }
      }
      broadcastExpected = ok;
      send({ type: 'connected', ok, failed, ms: nowAbs() - started, firstError });
      break;
    }
    case 'expectBroadcast':
      broadcastMarker = m.marker;
      broadcastReceipts = [];
      send({ type: 'ack' });
      break;
    case 'expectDirect':
      directRun = m.run;
      directTotal = m.total;
      directLatencies = [];
      directWrongTopic = 0;
      send({ type: 'ack' });
      break;
    case 'report':
      send({ type: 'report', broadcastReceipts, directLatencies, directWrongTopic });
      break;
    case 'close':
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      clients.length = 0;
      send({ type: 'closed' });
      break;
  }
});
