/**
 * forkWorkers (server/src/cluster.ts) with a stand-in worker (support/pool-worker.mjs), which
 * starts in milliseconds: the shared port, the worker index and the once-only simulator, the
 * replacement of a dead worker, giving up on a crash loop, and closing. The real worker entry is
 * exercised by workers.test.ts.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { forkWorkers, MAX_DEATHS } from '../src/cluster.js';
import { alive } from './support/server-process.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/pool-worker.mjs');

interface Answer {
  pid: number;
  index: string;
  simulator: string | null;
  shared: string | null;
}

/** GET / on a connection of its own. */
function ask(port: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(JSON.parse(body) as Answer));
      })
      .on('error', reject);
  });
}

describe('forkWorkers (stand-in workers)', () => {
  it('forks the workers behind one port, each with its index; only worker 0 keeps the simulator; close stops them all', async () => {
    const pool = await forkWorkers({ count: 3, env: { POOL_TEST_SHARED: 'same', SIMULATOR_RATE_PER_MIN: '30' }, exec: FIXTURE, execArgv: [] });
    const pids = pool.pids();
    try {
      expect(pids).toHaveLength(3);
      expect(pool.port).toBeGreaterThan(0);
      const answers: Answer[] = [];
      // One connection at a time: the primary hands them to the workers in turn.
      for (let i = 0; i < 6; i++) answers.push(await ask(pool.port));
      expect(new Set(answers.map((a) => a.pid))).toEqual(new Set(pids));
      const byIndex = new Map(answers.map((a) => [a.index, a]));
      expect([...byIndex.keys()].sort()).toEqual(['0', '1', '2']);
      expect(byIndex.get('0')!.simulator).toBe('30');
      expect(byIndex.get('1')!.simulator).toBe('0');
      expect(byIndex.get('2')!.simulator).toBe('0');
      for (const a of answers) expect(a.shared).toBe('same');
    } finally {
      await pool.close();
    }
    expect(pool.pids()).toEqual([]);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('hands a burst of connections to the workers in strict turn: 50 at once split 25 and 25', async () => {
    const pool = await forkWorkers({ count: 2, exec: FIXTURE, execArgv: [] });
    try {
      // Each on a connection of its own, all opened at once (Node's own round-robin split such a burst 34/16).
      const answers = await Promise.all(Array.from({ length: 50 }, () => ask(pool.port)));
      const perWorker = new Map<number, number>();
      for (const a of answers) perWorker.set(a.pid, (perWorker.get(a.pid) ?? 0) + 1);
      expect([...perWorker.keys()].sort()).toEqual([...pool.pids()].sort());
      expect([...perWorker.values()]).toEqual([25, 25]);
    } finally {
      await pool.close();
    }
  });

  it('replaces a worker that dies, under the same index', async () => {
    const pool = await forkWorkers({ count: 2, exec: FIXTURE, execArgv: [] });
    try {
      const first = await ask(pool.port);
      process.kill(first.pid, 'SIGKILL');
      let replacement: Answer | undefined;
      for (let i = 0; i < 100 && !replacement; i++) {
        const a = await ask(pool.port);
        if (a.pid !== first.pid && a.index === first.index) replacement = a;
        else await new Promise((r) => setTimeout(r, 50));
      }
      expect(replacement, 'no new worker with the dead one’s index answered').toBeDefined();
      expect(pool.pids()).toHaveLength(2);
      expect(pool.pids()).not.toContain(first.pid);
    } finally {
      await pool.close();
    }
  });

  it(`gives up when workers keep dying at start (${MAX_DEATHS} deaths): the promise rejects`, async () => {
    await expect(forkWorkers({ count: 2, env: { POOL_TEST_CRASH: '1' }, exec: FIXTURE, execArgv: [] })).rejects.toThrow(
      new RegExp(`${MAX_DEATHS} worker deaths within 30 s .*code 3.*giving up`),
    );
  });
});
