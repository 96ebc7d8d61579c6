/**
 * What "a refused call changed nothing" compares: the business tables of the database, as row
 * counts (cheap, per call) or as a digest of every row (per batch of calls).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';

/**
 * Every table but four: three that move with calls that change nothing of the business: `sessions`
 * (a sign-in or sign-out is a change of its own; nothing else writes it), `rate_limits` (every
 * counted call, refused or not, moves a counter: that is how limits work) and `template_versions`
 * (cache counters: PostgreSQL's statement triggers move them for a refused edit's UPDATE that
 * matched no row, which only costs a rebuild of what a process keeps); and `allocation_versions`,
 * a cache counter that exists on SQLite only (its row triggers move it only with rows of the
 * tables listed here). A new table fails type-checking until it is listed here.
 */
const BUSINESS_TABLE_SET: Record<Exclude<keyof Database, 'sessions' | 'rate_limits' | 'template_versions' | 'allocation_versions'>, true> = {
  teams: true,
  designers: true,
  verify_codes: true,
  sms_outbox: true,
  products: true,
  designer_products: true,
  shops: true,
  designer_shops: true,
  messages: true,
  announcements: true,
  announcement_reads: true,
  announcement_products: true,
  tickets: true,
  allocations: true,
  designer_loads: true,
  drafts: true,
  ticket_events: true,
  upload_records: true,
  team_invites: true,
  team_invite_joins: true,
  panel_keys: true,
  deductions: true,
  appeals: true,
  appeal_events: true,
  settlements: true,
  settlement_lines: true,
  order_plans: true,
  order_plan_cells: true,
  plan_change_requests: true,
  comments: true,
  comment_reads: true,
  allocation_rules: true,
  templates: true,
  template_products: true,
  template_tags: true,
  template_files: true,
  template_favourites: true,
  template_shares: true,
  template_search_grams: true,
  exams: true,
  exam_questions: true,
  exam_attempts: true,
  exam_answers: true,
  exam_qualifications: true,
  courses: true,
  course_lessons: true,
  lesson_progress: true,
  study_assignments: true,
  exam_candidate_tokens: true,
  saved_views: true,
  saved_view_defaults: true,
  workbench_preferences: true,
};

export type BusinessTable = keyof typeof BUSINESS_TABLE_SET;
export const BUSINESS_TABLES = Object.keys(BUSINESS_TABLE_SET) as BusinessTable[];

/** The row count of every business table. */
export async function tableCounts(db: Db): Promise<Record<BusinessTable, number>> {
  const out = {} as Record<BusinessTable, number>;
  for (const table of BUSINESS_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/**
 * A digest of every row of every business table and of `sessions` (a refused call signs no one in
 * or out), per table, so a difference names its table. Rows are compared as JSON, sorted, so the
 * order the database returns them in does not matter. Left out: `rate_limits` and `template_versions`.
 */
export async function businessDigest(db: Db): Promise<Record<BusinessTable | 'sessions', string>> {
  const out = {} as Record<BusinessTable | 'sessions', string>;
  for (const table of [...BUSINESS_TABLES, 'sessions'] as const) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    out[table] = `${rows.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return out;
}
