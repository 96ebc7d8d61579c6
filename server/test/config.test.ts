/** Environment parsing of settings that have no suite of their own. */
import { describe, expect, it } from 'vitest';
import { loadConfig, poolSizeOf } from '../src/config/env.js';

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 10 connections an instance and takes an integer', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
  });

  it('refuses what is not a positive integer, naming the variable', () => {
    for (const bad of ['0', '-3', '2.5', 'many']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('is shared out among the API workers, at least 2 each', () => {
    expect(poolSizeOf({ databasePoolSize: 10, apiWorkers: 1 })).toBe(10);
    expect(poolSizeOf({ databasePoolSize: 10, apiWorkers: 2 })).toBe(5);
    expect(poolSizeOf({ databasePoolSize: 10, apiWorkers: 3 })).toBe(4);
    expect(poolSizeOf({ databasePoolSize: 3, apiWorkers: 4 })).toBe(2);
  });
});
