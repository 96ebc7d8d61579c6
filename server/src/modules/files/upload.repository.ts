import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UploadRecordTable } from '../../db/schema.js';

export type UploadRecord = Selectable<UploadRecordTable>;

export interface NewUpload {
  objectKey: string;
  designerId: number;
  source: string;
  size: number;
  contentType: string;
  createdAt: string;
}

/** Records an upload; uploading to the same key again replaces the object, so the row follows. */
export async function recordUpload(db: Db, u: NewUpload): Promise<void> {
  const values = {
    object_key: u.objectKey,
    designer_id: u.designerId,
    source: u.source,
    size: u.size,
    content_type: u.contentType,
    created_at: u.createdAt,
  };
  await db
    .insertInto('upload_records')
    .values(values)
    .onConflict((oc) =>
      oc.column('object_key').doUpdateSet({
        designer_id: values.designer_id,
        source: values.source,
        size: values.size,
        content_type: values.content_type,
        created_at: values.created_at,
      }),
    )
    .execute();
}

/** The record of one object key (for modules that attach uploaded files: is it there, and whose is it?). */
export async function findUpload(db: Db, objectKey: string): Promise<UploadRecord | undefined> {
  return db.selectFrom('upload_records').selectAll().where('object_key', '=', objectKey).executeTakeFirst();
}
