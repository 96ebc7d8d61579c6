/**
 * Statements built and compiled by Kysely once per database and key, then run with each call's
 * values. For queries on every request (the session lookup, ticket lists) building the query cost
 * as much as running it, or more (bench/tickets).
 *
 * The builder places values through a `Slot`: while a statement compiles, a slot is a stand-in
 * whose place among the compiled parameters says which value goes where; a call binds its values
 * by name. Constants the builder writes in itself stay as they are.
 *
 * Reads only: Kysely plugins see a statement when it compiles, here once, not when it runs. The
 * plugin that tells the kept sessions and totals about this process's writes
 * (db/change-notices.ts) would miss every write after the first.
 */
import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database.js';

/** A call's values, by name. */
export type Bindings = Record<string, unknown>;
/** A value for the query being built: the call's value, or a stand-in while it compiles. */
export type Slot = (name: string) => any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface Statement {
  sql: string;
  /** The parameters of one call, in order. */
  bind(values: Bindings): unknown[];
}

class BindingSlot {
  constructor(readonly name: string) {}
}

/** Compiled statements per database, by key; the least recently used go beyond STATEMENTS_KEPT. */
const statements = new WeakMap<Db, Map<string, Statement>>();
const STATEMENTS_KEPT = 300;

/** The statement of `key` on `db`, built with `build` the first time. */
export function statement(db: Db, key: string, build: (slot: Slot) => Compilable): Statement {
  let kept = statements.get(db);
  if (!kept) {
    kept = new Map();
    statements.set(db, kept);
  }
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit;
  }
  const slots = new Map<string, BindingSlot>();
  const compiled = build((name) => {
    let slot = slots.get(name);
    if (!slot) {
      slot = new BindingSlot(name);
      slots.set(name, slot);
    }
    return slot;
  }).compile();
  if (compiled.query.kind !== 'SelectQueryNode') throw new Error(`statement ${key} is a ${compiled.query.kind}: only reads are kept compiled`);
  const params = compiled.parameters.map((p): { name: string } | { value: unknown } => (p instanceof BindingSlot ? { name: p.name } : { value: p }));
  const made: Statement = {
    sql: compiled.sql,
    bind: (values) =>
      params.map((p) => {
        if (!('name' in p)) return p.value;
        if (!(p.name in values)) throw new Error(`statement ${key} needs the value ${p.name}`);
        return values[p.name];
      }),
  };
  if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, made);
  return made;
}

/** Runs the statement of `key` with `values`. */
export function runStatement<R>(db: Db, key: string, build: (slot: Slot) => Compilable, values: Bindings): Promise<QueryResult<R>> {
  const s = statement(db, key, build);
  return db.executeQuery<R>(CompiledQuery.raw(s.sql, s.bind(values)));
}
