/**
 * How many templates hold a gram, remembered for a while: a search starts from its rarest gram
 * (template.repository.ts, `candidates`). The figure only chooses the plan — which postings are read
 * first — never what matches, so a count some minutes old is good enough, and each process keeps its
 * own. Grams asked at the same moment share one query.
 */
import type { Db } from '../../db/database.js';
import { postingCounts } from './template.repository.js';

export interface GramCountsOptions {
  /** How long a count is used before it is read again. */
  ttlMs?: number;
  /** How many grams are remembered (the oldest are forgotten first). */
  max?: number;
  now?: () => number;
}

export type GramCounts = (grams: string[]) => Promise<ReadonlyMap<string, number>>;

export function createGramCounts(db: Db, { ttlMs = 5 * 60_000, max = 5_000, now = Date.now }: GramCountsOptions = {}): GramCounts {
  const known = new Map<string, { n: number; at: number }>();
  const pending = new Map<string, Promise<number>>();

  function remember(gram: string, n: number) {
    known.delete(gram);
    known.set(gram, { n, at: now() });
    if (known.size > max) known.delete(known.keys().next().value!);
  }

  return async function gramCounts(grams) {
    const out = new Map<string, number>();
    const missing: string[] = [];
    const waits: Promise<void>[] = [];
    for (const g of grams) {
      const hit = known.get(g);
      if (hit && now() - hit.at < ttlMs) out.set(g, hit.n);
      // Another request's read of it failed: the gram counts as common (only the plan changes).
      else if (pending.has(g)) waits.push(pending.get(g)!.then((n) => void out.set(g, n), () => undefined));
      else missing.push(g);
    }
    if (missing.length) {
      const read = postingCounts(db, missing);
      for (const g of missing) {
        const one = read.then((m) => m.get(g) ?? 0);
        pending.set(g, one);
        waits.push(
          one.then(
            (n) => {
              out.set(g, n);
              remember(g, n);
            },
            () => undefined,
          ),
        );
      }
      void read.finally(() => missing.forEach((g) => pending.delete(g))).catch(() => undefined);
      await read;
    }
    await Promise.all(waits);
    return out;
  };
}
