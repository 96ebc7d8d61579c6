/**
 * Group commit: calls that arrive close together share one unit of work (one transaction, one
 * commit), and each call is answered only once that shared commit is done.
 *
 * A call is queued and the queue is run on a later turn of the event loop. While calls keep
 * arriving (this turn brought one more), the run waits one more turn, up to `maxWaitMs` after the
 * oldest queued call or `maxItems` calls; while a run is under way (PostgreSQL: the transaction
 * awaits the database) the queue only grows, and it runs as soon as that run is done. One run at a
 * time per queue: the runs of one process never wait on each other's locks.
 *
 * Why turns and not a timer: SQLite runs a whole transaction synchronously, so no call can arrive
 * "while the commit is in flight"; the calls that can share it are those the event loop is about
 * to start (plugins/request-queue.ts starts one request per turn). Waiting while each turn brings
 * another call collects exactly those, and costs a lone call two turns, not a timer's period.
 *
 * `run` answers one outcome per item, in order: an item's failure fails its own call only.
 */
import { performance } from 'node:perf_hooks';

export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface GroupCommitStats {
  /** Calls submitted. */
  calls: number;
  /** Runs (each one shared unit of work, or its per-call fallback). */
  groups: number;
  /** The most calls one run took. */
  largest: number;
}

export interface GroupCommitOptions {
  /** The most calls in one run. */
  maxItems: number;
  /** The longest a queued call waits for others before its run starts. */
  maxWaitMs: number;
}

export interface GroupCommitter<I, O> {
  submit(item: I): Promise<O>;
  stats(): GroupCommitStats;
}

interface Queued<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

export function createGroupCommitter<I, O>(run: (items: I[]) => Promise<Outcome<O>[]>, { maxItems, maxWaitMs }: GroupCommitOptions): GroupCommitter<I, O> {
  const queue: Queued<I, O>[] = [];
  const stats: GroupCommitStats = { calls: 0, groups: 0, largest: 0 };
  let running = false;
  let scheduled = false;
  /** Calls queued since the last look. */
  let arrived = 0;
  /** When the oldest queued call came. */
  let oldestAt = 0;

  function schedule(): void {
    if (running || scheduled || !queue.length) return;
    scheduled = true;
    setImmediate(look);
  }

  function look(): void {
    scheduled = false;
    if (running || !queue.length) return;
    const more = arrived > 0;
    arrived = 0;
    if (more && queue.length < maxItems && performance.now() - oldestAt < maxWaitMs) {
      scheduled = true;
      setImmediate(look);
      return;
    }
    void runGroup();
  }

  async function runGroup(): Promise<void> {
    running = true;
    const group = queue.splice(0, maxItems);
    stats.groups += 1;
    stats.largest = Math.max(stats.largest, group.length);
    try {
      const outcomes = await run(group.map((q) => q.item));
      group.forEach((q, i) => {
        const o = outcomes[i];
        if (!o) q.reject(new Error('group commit: no outcome for this call'));
        else if (o.ok) q.resolve(o.value);
        else q.reject(o.error);
      });
    } catch (err) {
      for (const q of group) q.reject(err);
    } finally {
      running = false;
      if (queue.length) {
        oldestAt = performance.now();
        schedule();
      }
    }
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        if (!queue.length) oldestAt = performance.now();
        queue.push({ item, resolve, reject });
        stats.calls += 1;
        arrived += 1;
        schedule();
      });
    },
    stats: () => ({ ...stats }),
  };
}

/** The outcome of a promise, never a rejection. */
export function settle<O>(p: Promise<O>): Promise<Outcome<O>> {
  return p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
