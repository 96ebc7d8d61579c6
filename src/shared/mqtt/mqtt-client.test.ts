// @vitest-environment jsdom
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { connectMqtt, disconnectMqtt, type ConnectionStatus, type MqttOptions } from './mqtt-client';

/** A stand-in for mqtt.js's client: an event emitter that records subscribe and end. */
class FakeClient extends EventEmitter {
  connected = false;
  ended = false;
  subscribe(_topics: string[], _opts: unknown, callback: (err: Error | null) => void) {
    callback(null);
  }
  end() {
    this.ended = true;
  }
}

const clients: { id: string; client: FakeClient }[] = [];
/** The library as connectMqtt loads it: each connect makes a recorded fake client. */
const load = () =>
  Promise.resolve({
    default: {
      connect: (_url: string, opts: Record<string, unknown>) => {
        const client = new FakeClient();
        clients.push({ id: String(opts.clientId), client });
        return client;
      },
    },
  });

function options(statuses: ConnectionStatus[], token = 'token-1'): MqttOptions {
  return {
    clientId: '1001',
    username: 'designer',
    password: token,
    topics: ['user/1001/messages'],
    onMessage: () => {},
    onConnectionLost: () => Promise.resolve(true),
    onStatus: (status) => statuses.push(status),
  };
}

afterEach(() => {
  disconnectMqtt();
  clients.length = 0;
});

describe('connectMqtt', () => {
  it('connects nothing when disconnected while the library loads', async () => {
    const statuses: ConnectionStatus[] = [];
    const pending = connectMqtt(options(statuses), load);
    disconnectMqtt();
    await pending;
    expect(clients).toHaveLength(0);
  });

  it('asked again while the library loads (a remount), it makes one client, and the new caller hears its status', async () => {
    const first: ConnectionStatus[] = [];
    const second: ConnectionStatus[] = [];
    const a = connectMqtt(options(first), load);
    // The signed-in frame unmounts and mounts again before the library has loaded.
    disconnectMqtt();
    const b = connectMqtt(options(second), load);
    await Promise.all([a, b]);
    expect(clients).toHaveLength(1);
    clients[0]!.client.emit('connect');
    expect(second).toEqual(['connecting', 'connected']);
    expect(first).toEqual(['connecting']);
  });

  it('the same designer and token again keeps the connection and reports its status to the latest caller', async () => {
    const first: ConnectionStatus[] = [];
    await connectMqtt(options(first), load);
    clients[0]!.client.emit('connect');
    const later: ConnectionStatus[] = [];
    await connectMqtt(options(later), load);
    expect(clients).toHaveLength(1);
    expect(later).toEqual(['connected']);
    // Further changes go to the latest caller.
    clients[0]!.client.emit('close');
    expect(later).toEqual(['connected', 'closed']);
    expect(first).toEqual(['connecting', 'connected']);
  });

  it('a new token replaces the connection: the old client is ended and its events are ignored', async () => {
    const old: ConnectionStatus[] = [];
    await connectMqtt(options(old, 'token-1'), load);
    const fresh: ConnectionStatus[] = [];
    await connectMqtt(options(fresh, 'token-2'), load);
    expect(clients).toHaveLength(2);
    expect(clients[0]!.client.ended).toBe(true);
    clients[0]!.client.emit('connect');
    clients[1]!.client.emit('connect');
    expect(old).toEqual(['connecting']);
    expect(fresh).toEqual(['connecting', 'connected']);
  });
});
