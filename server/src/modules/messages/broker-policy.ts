/**
 * Who may do what on the broker: the access policy the broker transport (plugins/broker.ts)
 * applies to browsers, shared by the embedded broker and the external broker's HTTP hooks
 * (broker-auth.routes.ts). Browsers only listen, to their own topic and the announcements.
 */
import type { Db } from '../../db/database.js';
import type { BrokerPolicy } from '../../plugins/broker.js';
import { findByToken, liveSessionIds } from '../auth/index.js';
import { MQTT_TOPICS } from './message-types.js';
import { designerCode } from '../../domain/designers.js';

/**
 * Client ids are the designer_id, optionally followed by `_<tab id>` so that two tabs of one
 * designer hold two connections instead of taking each other's over.
 */
export function designerOfClient(clientId: string): string {
  const i = clientId.indexOf('_');
  return i < 0 ? clientId : clientId.slice(0, i);
}

/** A live token whose designer is the client id's (and the username's, when one is given). */
export async function authenticateClient(db: Db, clientId: string, username: string | undefined, password: string | undefined) {
  if (!password || !clientId || !/^D\d{6,}(_[A-Za-z0-9]{1,32})?$/.test(clientId)) return undefined;
  const found = await findByToken(db, password);
  // Same rule as the HTTP API (auth.plugin.ts): a disabled account's token is not live.
  if (!found || found.designer.account_status !== 1) return undefined;
  const code = designerCode(found.designer.id);
  if (designerOfClient(clientId) !== code || (username !== undefined && username !== '' && username !== code)) return undefined;
  return { designerId: found.designer.id, code, sessionId: found.sessionId };
}

export function maySubscribe(clientId: string, topic: string): boolean {
  return topic === MQTT_TOPICS.designer(designerOfClient(clientId)) || topic === MQTT_TOPICS.announcements;
}

/**
 * The external broker's ACL hook: only subscribing is ever allowed, to a topic `maySubscribe`
 * grants, and a username, when given, must be the client id's designer.
 */
export function aclAllows(clientId: string, username: string | undefined, topic: string, action: string): boolean {
  return action === 'subscribe' && (!username || username === designerOfClient(clientId)) && maySubscribe(clientId, topic);
}

/** The policy in the shape the broker transport takes. */
export function brokerPolicy(db: Db): BrokerPolicy {
  return {
    authenticate: (clientId, username, password) => authenticateClient(db, clientId, username, password),
    maySubscribe,
    liveSessions: (sessionIds) => liveSessionIds(db, sessionIds),
  };
}
