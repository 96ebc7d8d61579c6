import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { DEMO_INTEGRATION_API_KEY, loadConfig } from './env.js';

const BROKER = { MQTT_URL: 'mqtt://127.0.0.1:1883' };
const load = (env: NodeJS.ProcessEnv) => loadConfig(env, '/srv/app');

describe('API_WORKERS', () => {
  it('is 1 when unset, and needs no broker then', () => {
    const config = load({});
    expect(config.apiWorkers).toBe(1);
    expect(config.workerIndex).toBeUndefined();
    expect(load({ API_WORKERS: '1' }).apiWorkers).toBe(1);
  });

  it('takes a count from 1 to 64', () => {
    expect(load({ ...BROKER, API_WORKERS: '4' }).apiWorkers).toBe(4);
    expect(load({ ...BROKER, API_WORKERS: '64' }).apiWorkers).toBe(64);
  });

  it('auto is one worker per CPU this process may use', () => {
    expect(load({ ...BROKER, API_WORKERS: 'auto' }).apiWorkers).toBe(Math.min(64, os.availableParallelism()));
  });

  it.each(['0', '65', '-1', '1.5', 'two', '', 'AUTO'])('refuses %j', (value) => {
    expect(() => load({ ...BROKER, API_WORKERS: value })).toThrow(/API_WORKERS: an integer from 1 to 64, or auto/);
  });

  it('more than one worker without MQTT_URL is refused, in English and Chinese', () => {
    let message = '';
    try {
      load({ API_WORKERS: '2' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('API_WORKERS: 2 worker processes need an external MQTT broker (MQTT_URL) or the Redis-shared embedded one (MQTT_CLUSTER_REDIS_URL)');
    expect(message).toContain('API_WORKERS：2 个工作进程需要外部 MQTT 服务（MQTT_URL）或通过 Redis 共享的内置消息服务（MQTT_CLUSTER_REDIS_URL）');
  });

  it('the embedded brokers shared through Redis serve several workers; MQTT_URL and MQTT_CLUSTER_REDIS_URL together are refused', () => {
    expect(load({ API_WORKERS: '2', MQTT_CLUSTER_REDIS_URL: 'redis://127.0.0.1:6379' }).mqttClusterRedisUrl).toBe('redis://127.0.0.1:6379');
    expect(() => load({ ...BROKER, MQTT_CLUSTER_REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/MQTT_URL and MQTT_CLUSTER_REDIS_URL: set one/);
    expect(() => load({ MQTT_CLUSTER_REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/MQTT_CLUSTER_REDIS_URL/);
    expect(() => load({ MQTT_HOOK_SECRET: 'short' })).toThrow(/MQTT_HOOK_SECRET/);
  });

  it('a worker reads its index from API_WORKER_INDEX (set by the primary)', () => {
    expect(load({ ...BROKER, API_WORKERS: '2', API_WORKER_INDEX: '1' }).workerIndex).toBe(1);
    expect(() => load({ API_WORKER_INDEX: '-1' })).toThrow(/API_WORKER_INDEX/);
  });
});

describe('INTEGRATION_API_KEY', () => {
  it('a demo deployment without a key accepts the demo key; a set key replaces it', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }).integrationApiKeys).toEqual([DEMO_INTEGRATION_API_KEY]);
    expect(loadConfig({ DEMO_MODE: 'true', INTEGRATION_API_KEY: 'k1, k2' }).integrationApiKeys).toEqual(['k1', 'k2']);
  });

  it('outside demo mode no key means nobody is let in', () => {
    expect(loadConfig({ DEMO_MODE: 'false' }).integrationApiKeys).toEqual([]);
  });
});
