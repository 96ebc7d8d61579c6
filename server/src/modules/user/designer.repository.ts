import type { Db } from '../../db/database.js';
import type { Designer, DesignerUpdate, NewDesigner } from '../../db/schema.js';
import { newInviteCode } from '../../lib/crypto.js';
import { nowIso } from '../../lib/time.js';

export function findDesignerByPhone(db: Db, phone: string): Promise<Designer | undefined> {
  return db.selectFrom('designers').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findDesignerById(db: Db, id: number): Promise<Designer | undefined> {
  return db.selectFrom('designers').selectAll().where('id', '=', id).executeTakeFirst();
}

export type DesignerInput = Omit<NewDesigner, 'invite_code' | 'create_time' | 'update_time'> &
  Partial<Pick<NewDesigner, 'invite_code' | 'create_time'>>;

export async function insertDesigner(db: Db, input: DesignerInput): Promise<Designer> {
  const now = nowIso();
  return db
    .insertInto('designers')
    .values({ invite_code: newInviteCode(), create_time: now, ...input, update_time: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateDesigner(db: Db, id: number, patch: DesignerUpdate): Promise<Designer> {
  return db
    .updateTable('designers')
    .set({ ...patch, update_time: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
