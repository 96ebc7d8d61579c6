/**
 * Every statement of the assignments and the lead's results: `study_assignments`, the team's
 * members, and the attempts and progress the results table sums up. Each function takes `db` or a
 * transaction first.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Conn = Db | Transaction<Database>;

export type ItemType = 'course' | 'exam';

export interface AssignmentRow {
  item_id: number;
  designer_id: number;
  due_at: string;
  assigned_at: string;
}

/**
 * Assigns the item to each designer by `due_at`: a new row, or the due date moved. Answers the
 * designers whose assignment is new or changed (the ones to tell).
 */
export async function upsertAssignments(
  trx: Conn,
  a: { teamId: number; itemType: ItemType; itemId: number; designerIds: readonly number[]; dueAt: string; by: number; now: string },
): Promise<number[]> {
  const changed: number[] = [];
  for (const designerId of a.designerIds) {
    const existing = await trx
      .selectFrom('study_assignments')
      .select(['id', 'due_at'])
      .where('item_type', '=', a.itemType)
      .where('item_id', '=', a.itemId)
      .where('designer_id', '=', designerId)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('study_assignments')
        .values({ team_id: a.teamId, item_type: a.itemType, item_id: a.itemId, designer_id: designerId, due_at: a.dueAt, assigned_by: a.by, assigned_at: a.now })
        .onConflict((oc) => oc.columns(['item_type', 'item_id', 'designer_id']).doUpdateSet({ due_at: a.dueAt, assigned_by: a.by, assigned_at: a.now }))
        .execute();
      changed.push(designerId);
    } else if (existing.due_at !== a.dueAt) {
      await trx.updateTable('study_assignments').set({ due_at: a.dueAt, assigned_by: a.by, assigned_at: a.now }).where('id', '=', existing.id).execute();
      changed.push(designerId);
    }
  }
  return changed;
}

/** A designer's assignments of one item type. */
export function designerAssignments(db: Conn, designerId: number, itemType: ItemType): Promise<AssignmentRow[]> {
  return db
    .selectFrom('study_assignments')
    .select(['item_id', 'designer_id', 'due_at', 'assigned_at'])
    .where('designer_id', '=', designerId)
    .where('item_type', '=', itemType)
    .execute();
}

/** Who an item is assigned to. */
export function itemAssignments(db: Conn, itemType: ItemType, itemId: number): Promise<AssignmentRow[]> {
  return db
    .selectFrom('study_assignments')
    .select(['item_id', 'designer_id', 'due_at', 'assigned_at'])
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .execute();
}

/** The team's active members (leads included), by id. */
export function activeTeamMembers(db: Conn, teamId: number) {
  return db
    .selectFrom('designers')
    .select(['id', 'real_name', 'nickname', 'designer_type'])
    .where('team_id', '=', teamId)
    .where('account_status', '=', 1)
    .orderBy('id')
    .execute();
}

/** Per designer: attempts at the exam, best score, passed (any attempt). */
export async function examResults(db: Conn, examId: number): Promise<Map<number, { attempts: number; best: number | null; passed: boolean }>> {
  const rows = await db
    .selectFrom('exam_attempts')
    .select([
      'designer_id',
      (eb) => eb.fn.countAll<number | string>().as('n'),
      (eb) => eb.fn.max<number | null>('score').as('best'),
      (eb) => eb.fn.max<number | null>('passed').as('passed'),
    ])
    .where('exam_id', '=', examId)
    .where('designer_id', 'is not', null)
    .groupBy('designer_id')
    .execute();
  return new Map(rows.map((r) => [r.designer_id!, { attempts: Number(r.n), best: r.best === null ? null : Number(r.best), passed: Number(r.passed ?? 0) === 1 }]));
}

/** Per designer: the course's lessons done. */
export async function courseResults(db: Conn, courseId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('lesson_progress')
    .select(['designer_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('course_id', '=', courseId)
    .where('done_at', 'is not', null)
    .groupBy('designer_id')
    .execute();
  return new Map(rows.map((r) => [r.designer_id, Number(r.n)]));
}
