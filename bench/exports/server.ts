/**
 * Child process of the exports bench (run.ts), run twice per database. With `BENCH_PHASE=seed` it
 * builds the real app, seeds the tickets (seed.ts), signs the lead and a designer in, writes
 * `seeded.json` to the data directory and exits; then a fresh process serves on 127.0.0.1, so the
 * serving process's memory is a server's in service, not one that just inserted 110,000 rows.
 *
 * Over IPC: sends `ready`; on `mark` it starts a new measuring window and answers `marked`; on
 * `peak` it answers the highest memory sampled (every 20 ms, `ownMemory`) since the mark, the
 * memory now, and the process's lifetime peak RSS (resourceUsage().maxRSS, file pages included);
 * on `stop` it closes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config/env.js';
import { createSession } from '../../server/src/modules/auth/session.repository.js';
import { seedExports } from './seed.js';

export interface Seeded {
  tickets: number;
  ms: number;
  leadToken: string;
  designerToken: string;
}
export type ChildMessage =
  | ({ type: 'ready'; port: number; dialect: string } & Seeded)
  | { type: 'marked' }
  | { type: 'peak'; peakRss: number; rss: number; maxRss: number; heapUsed: number };
export type ParentMessage = { type: 'mark' } | { type: 'peak' } | { type: 'stop' };

async function main() {
  const dataDir = process.env.BENCH_DATA_DIR!;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'bench',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL!,
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    SMS_SENDER: 'log',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    SIMULATOR_RATE_PER_MIN: '0',
  });
  const app = await buildApp({ config, logger: process.env.BENCH_LOG ? { level: process.env.BENCH_LOG } : false, dbSchema: process.env.BENCH_DB_SCHEMA || undefined });
  await app.ready();
  const seededFile = path.join(dataDir, 'seeded.json');
  if (process.env.BENCH_PHASE === 'seed') {
    const seed = await seedExports(app.db, app.dialect, Number(process.env.BENCH_TICKETS));
    const session = (id: number) => createSession(app.db, id, 24, { ip: '127.0.0.1', userAgent: 'bench' });
    const seeded: Seeded = { tickets: seed.tickets, ms: seed.ms, leadToken: (await session(seed.leadId)).token, designerToken: (await session(seed.designerId)).token };
    fs.writeFileSync(seededFile, JSON.stringify(seeded));
    await app.close();
    process.exit(0);
  }
  const seeded = JSON.parse(fs.readFileSync(seededFile, 'utf8')) as Seeded;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const send = (m: ChildMessage) => process.send!(m);
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0, dialect: app.dialect, ...seeded });

  let peak = 0;
  const sample = () => (peak = Math.max(peak, ownMemory()));
  setInterval(sample, 20).unref();
  process.on('message', (m: ParentMessage) => {
    if (m.type === 'mark') {
      peak = ownMemory();
      send({ type: 'marked' });
    } else if (m.type === 'peak') {
      sample();
      send({ type: 'peak', peakRss: peak, rss: ownMemory(), maxRss: process.resourceUsage().maxRSS * 1024, heapUsed: process.memoryUsage().heapUsed });
    } else if (m.type === 'stop') {
      void app.close().finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((err: unknown) => {
  console.error('bench server failed:', err);
  process.exit(1);
});

/**
 * The memory the process holds itself: RSS without file-backed pages (Linux: RssAnon + RssShmem of
 * /proc/self/status; elsewhere plain RSS). SQLite's connections map the database file
 * (db/database.ts), so RSS also counts every database page an export has read: those are the OS's
 * page cache, shared and reclaimable, and would make RSS follow the rows read, not what the
 * export keeps.
 */
function ownMemory(): number {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const anon = kb('RssAnon');
    if (Number.isFinite(anon)) return (anon + (kb('RssShmem') || 0)) * 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage.rss();
}
