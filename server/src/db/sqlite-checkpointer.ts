/**
 * SQLite's WAL checkpoints, run on a thread of their own instead of inside a commit.
 *
 * By default the connection that commits runs a checkpoint whenever the WAL passes 1,000 pages: it
 * copies those pages into the database file and syncs it, on the event loop, inside that request
 * (bench/tickets: one commit in four of the ingestion took 20–30 ms instead of 1–3; an
 * announcement's 1,000 messages, up to 32 ms instead of ~11). Here the writer's automatic
 * checkpoint is raised to a safety net (SAFETY_PAGES: only reached if this thread stopped), and a
 * worker thread with a connection of its own runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS
 * when anything was committed since its last one. PASSIVE never waits for and never blocks a
 * reader or the writer; frames a reader still needs are copied by a later round.
 *
 * Durability is unchanged: a commit is acknowledged once it is in the WAL, checkpointed or not, and
 * SQLite replays the WAL when the file is next opened (also after `kill -9`).
 *
 * The thread's code is plain JavaScript evaluated as is (not a module of this tree), so it runs the
 * same under tsx, Vitest and compiled JavaScript.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_EVERY_MS = 200;
/** The writer's own automatic checkpoint, in pages (16,384 × 4 KiB = 64 MiB of WAL). */
export const SAFETY_PAGES = 16_384;

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const version = db.prepare('pragma data_version').pluck();
let seen = -1;
let rounds = 0;
const round = () => {
  try {
    const now = version.get();
    if (now === seen) return;
    db.pragma('wal_checkpoint(PASSIVE)');
    seen = now;
    rounds++;
  } catch {
    // Busy (another process checkpointing, a restart of the WAL): the next round tries again.
  }
};
const timer = setInterval(round, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m === 'rounds') parentPort.postMessage({ rounds });
  if (m === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  /** How many checkpoints the thread has run (tests). */
  rounds(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts checkpointing the SQLite file `file` on a thread (see above); it never holds the process open. */
export function startCheckpointer(file: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, { eval: true, workerData: { file, driver, everyMs } });
  worker.unref();
  // A thread that fails leaves the writer's safety-net checkpoints; nothing else depends on it.
  worker.on('error', () => undefined);
  let stopped: Promise<void> | undefined;
  return {
    rounds: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (m: { rounds: number }) => resolve(m.rounds));
        worker.once('error', reject);
        worker.postMessage('rounds');
      }),
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        // Held open until the thread has ended (an unreferenced thread would let the process exit
        // in the middle of a shutdown that waits for it).
        worker.ref();
        const timer = setTimeout(() => void worker.terminate(), 1_000);
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        // Not answering within a second (a checkpoint stuck on the disk): ended all the same.
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
