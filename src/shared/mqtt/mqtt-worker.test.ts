import { EventEmitter } from 'node:events';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type MqttClientLike, type MqttPort, serveMqtt, workerMqtt } from './mqtt-worker';

/** mqtt.js's client as the worker sees it: an emitter that records what it was asked. */
class FakeClient extends EventEmitter {
  connected = false;
  ended = false;
  subscribed: { topics: string[]; qos: number }[] = [];
  grant: Error | null = null;
  constructor(
    readonly url: string,
    readonly options: Record<string, unknown>,
  ) {
    super();
  }
  subscribe(topics: string[], opts: { qos: number }, callback: (err: Error | null) => void) {
    this.subscribed.push({ topics, qos: opts.qos });
    callback(this.grant);
  }
  end() {
    this.ended = true;
  }
}

const channels: MessagePort[] = [];
afterEach(() => {
  for (const port of channels.splice(0)) port.close();
});

/** A page and a "worker" joined by a real MessageChannel; each open() starts another worker. */
function setup({ failFirst = false } = {}) {
  const fakes: FakeClient[] = [];
  let opened = 0;
  let terminated = 0;
  const library = workerMqtt((onFailed) => {
    opened++;
    const { port1, port2 } = new MessageChannel();
    channels.push(port1, port2);
    if (failFirst && opened === 1) {
      setTimeout(onFailed, 1);
    } else {
      serveMqtt(port2 as unknown as MqttPort, {
        connect: (url, options) => {
          const client = new FakeClient(url, options);
          fakes.push(client);
          return client as unknown as MqttClientLike;
        },
      });
    }
    // The page's end of the channel stands for the Worker object: terminate() is recorded.
    return Object.assign(port1, { terminate: () => void terminated++ }) as unknown as MqttPort;
  }, 20);
  return { library, fakes, opened: () => opened, terminated: () => terminated };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('the MQTT client in a worker', () => {
  it('connects with the page’s url and options, and reports connect, messages and close', async () => {
    const { library, fakes } = setup();
    const client = library.connect('ws://host/mqtt', { clientId: '1001_ab', password: 't' });
    const events: string[] = [];
    client.on('connect', () => events.push('connect'));
    client.on('close', () => events.push('close'));
    client.on('message', (topic, payload) => events.push(`${topic}=${payload.toString()}`));
    await until(() => fakes.length === 1);
    expect(fakes[0]!.url).toBe('ws://host/mqtt');
    expect(fakes[0]!.options).toEqual({ clientId: '1001_ab', password: 't' });

    fakes[0]!.emit('connect');
    await until(() => client.connected);
    fakes[0]!.emit('message', 'user/1001/messages', Buffer.from('{"type":1}'));
    fakes[0]!.emit('close');
    await until(() => events.length === 3);
    expect(events).toEqual(['connect', 'user/1001/messages={"type":1}', 'close']);
    expect(client.connected).toBe(false);
  });

  it('subscribes in the worker and answers the grant, or the refusal, to the page', async () => {
    const { library, fakes } = setup();
    const client = library.connect('ws://host/mqtt', {});
    await until(() => fakes.length === 1);
    const answers: (string | null)[] = [];
    client.subscribe(['a', 'b'], { qos: 1 }, (err) => answers.push(err ? err.message : null));
    await until(() => answers.length === 1);
    fakes[0]!.grant = new Error('not authorised');
    client.subscribe(['c'], { qos: 1 }, (err) => answers.push(err ? err.message : null));
    await until(() => answers.length === 2);
    expect(fakes[0]!.subscribed).toEqual([
      { topics: ['a', 'b'], qos: 1 },
      { topics: ['c'], qos: 1 },
    ]);
    expect(answers).toEqual([null, 'not authorised']);
  });

  it('ended, it ends the worker’s client, terminates the worker and reports nothing more', async () => {
    const { library, fakes, terminated } = setup();
    const client = library.connect('ws://host/mqtt', {});
    const events: string[] = [];
    client.on('connect', () => events.push('connect'));
    await until(() => fakes.length === 1);
    client.end(true);
    expect(terminated()).toBe(1);
    await until(() => fakes[0]!.ended);
    expect(fakes[0]!.listenerCount('connect')).toBe(0);
    fakes[0]!.emit('connect');
    await new Promise((r) => setTimeout(r, 20));
    expect(events).toEqual([]);
  });

  it('a worker that cannot start counts as a closed connection and is started again', async () => {
    const { library, fakes, opened } = setup({ failFirst: true });
    const client = library.connect('ws://host/mqtt', { clientId: 'x' });
    const events: string[] = [];
    client.on('close', () => events.push('close'));
    client.on('reconnect', () => events.push('reconnect'));
    client.on('connect', () => events.push('connect'));
    await until(() => fakes.length === 1);
    expect(opened()).toBe(2);
    expect(fakes[0]!.options).toEqual({ clientId: 'x' });
    fakes[0]!.emit('connect');
    await until(() => events.length === 3);
    expect(events).toEqual(['close', 'reconnect', 'connect']);
  });
});
