/**
 * What the server log says about requests: nothing at the default info level for a request that
 * went well and quickly, a warn line for one that failed or was slow, every request at debug.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestDatabase, type TestDatabase, testConfig } from './support/harness.js';

interface LogLine {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

describe('request log', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database.drop();
  });

  /** The app at the given level and slow threshold; `lines` is what it logged. */
  async function appLogging(level: string, slowRequestMs: number) {
    const lines: LogLine[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
    const app = await buildApp({ config: { ...testConfig(database), logLevel: level, slowRequestMs }, logger: { level, stream } });
    app.get('/api/test-failure', async () => {
      throw new Error('planted failure');
    });
    await app.ready();
    return { app, lines, requestLines: () => lines.filter((l) => l.url !== undefined) };
  }

  it('at info, a request answered well and quickly writes no line', async () => {
    const { app, requestLines } = await appLogging('info', 60_000);
    try {
      for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/system/config' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
      expect(requestLines()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a failed request is a warn line with its method, path and status', async () => {
    const { app, requestLines } = await appLogging('info', 60_000);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/test-failure' })).statusCode).toBe(500);
      expect(requestLines()).toEqual([expect.objectContaining({ level: 40, msg: 'request failed', method: 'GET', url: '/api/test-failure', status: 500 })]);
    } finally {
      await app.close();
    }
  });

  it('a request slower than LOG_SLOW_REQUEST_MS is a warn line with its time', async () => {
    const { app, requestLines } = await appLogging('info', 0);
    try {
      // Over the threshold of 0 ms: any real request takes some time.
      await app.inject({ method: 'GET', url: '/api/system/config' });
      const [line] = requestLines();
      expect(line).toMatchObject({ level: 40, msg: 'slow request', url: '/api/system/config', status: 200 });
      expect(line?.ms).toBeGreaterThanOrEqual(0);
    } finally {
      await app.close();
    }
  });

  it('at debug, every request has its line', async () => {
    const { app, requestLines } = await appLogging('debug', 60_000);
    try {
      await app.inject({ method: 'GET', url: '/api/system/config' });
      await app.inject({ method: 'GET', url: '/api/user/profile' });
      expect(requestLines().map((l) => [l.level, l.status])).toEqual([
        [20, 200],
        [20, 401],
      ]);
    } finally {
      await app.close();
    }
  });
});
