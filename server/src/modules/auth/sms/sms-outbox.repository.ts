/** SQL on `sms_outbox`, where the log sender keeps the texts it "sent" (the demo inbox reads them). */
import type { Db } from '../../../db/database.js';

export async function insertSmsOutbox(db: Db, text: { phone: string; scene: string; content: string; created_at: string }): Promise<void> {
  await db.insertInto('sms_outbox').values(text).execute();
}
