import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import mqtt from 'mqtt';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { Db } from '../db/database.js';
import { SessionEvents } from '../modules/auth/session-events.js';
import { findByToken } from '../modules/auth/session.repository.js';
import { designerCode } from '../modules/user/profile.js';

export const ANNOUNCEMENT_TOPIC = 'announcements';
export const designerTopic = (designerId: string) => `designers/${designerId}/messages`;

/**
 * Client ids are the designer_id, optionally followed by `_<tab id>` so that two tabs of one
 * designer hold two connections instead of taking each other's over.
 */
export function designerOfClient(clientId: string): string {
  const i = clientId.indexOf('_');
  return i < 0 ? clientId : clientId.slice(0, i);
}

/** Who may do what on the broker; shared by the embedded broker and the external-broker hooks. */
export async function authenticateClient(db: Db, clientId: string, username: string | undefined, password: string | undefined) {
  if (!password || !clientId || !/^D\d{6,}(_[A-Za-z0-9]{1,32})?$/.test(clientId)) return undefined;
  const found = await findByToken(db, password);
  // Same rule as the HTTP API (plugins/auth.ts): a disabled account's token is not live.
  if (!found || found.designer.account_status !== 1) return undefined;
  const code = designerCode(found.designer.id);
  if (designerOfClient(clientId) !== code || (username !== undefined && username !== '' && username !== code)) return undefined;
  return { designerId: found.designer.id, code, sessionId: found.sessionId };
}

export function maySubscribe(clientId: string, topic: string): boolean {
  return topic === designerTopic(designerOfClient(clientId)) || topic === ANNOUNCEMENT_TOPIC;
}

export interface Broker {
  mode: 'embedded' | 'external';
  publish(topic: string, payload: string): Promise<void>;
  connectedClients(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    broker: Broker;
    sessionEvents: SessionEvents;
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

async function embeddedBroker(app: FastifyInstance): Promise<Broker> {
  const sessions = new Map<Client, ClientSession>();
  const aedes = await Aedes.createBroker({
    heartbeatInterval: 60_000,
    authenticate: (client, username, password, done) => {
      authenticateClient(app.db, client.id, username ?? undefined, password?.toString())
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
      if (maySubscribe(client.id, sub.topic)) return done(null, sub);
      done(null, null); // refused: SUBACK 128, connection kept
    },
    // Browsers only listen; the server publishes through aedes.publish, which skips this check.
    authorizePublish: (_client, _packet, done) => done(new Error('clients may not publish')),
  });
  aedes.on('clientDisconnect', (client) => sessions.delete(client));

  app.sessionEvents.on('ended', ({ designerId, sessionId }) => {
    for (const [client, s] of sessions) {
      if (s.designerId === designerId && (!sessionId || s.sessionId === sessionId)) client.close();
    }
  });

  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => (protocols.has('mqtt') ? 'mqtt' : false),
  });
  wss.on('connection', (ws, req) => {
    const stream = createWebSocketStream(ws);
    stream.on('error', () => ws.terminate());
    const client = aedes.handle(stream, req);
    // A client that authenticated but never registered (closed while its token was being checked)
    // gets no clientDisconnect: forget its session when the socket goes.
    stream.on('close', () => sessions.delete(client));
  });
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/mqtt') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  app.addHook('preClose', async () => {
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
  });

  return {
    mode: 'embedded',
    connectedClients: () => aedes.connectedClients,
    publish: (topic, payload) =>
      new Promise((resolve, reject) => {
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false, messageId: 0 } as never,
          (err) => (err ? reject(err) : resolve()),
        );
      }),
  };
}

async function externalBroker(app: FastifyInstance, url: string): Promise<Broker> {
  const client = mqtt.connect(url, {
    clientId: `api-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
    reconnectPeriod: 2_000,
    connectTimeout: 10_000,
  });
  client.on('error', (err) => app.log.warn({ err }, 'external MQTT broker error'));
  app.addHook('preClose', async () => {
    await client.endAsync();
  });
  return {
    mode: 'external',
    connectedClients: () => (client.connected ? 1 : 0),
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
  };
}

export default fp<{ mqttUrl?: string }>(
  async function brokerPlugin(app, opts) {
    app.decorate('sessionEvents', new SessionEvents());
    app.decorate('broker', opts.mqttUrl ? await externalBroker(app, opts.mqttUrl) : await embeddedBroker(app));
  },
  { name: 'broker', dependencies: ['db'] },
);
