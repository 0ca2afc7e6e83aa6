import { desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { capturedEmails } from '../../db/schema/mail';

/** The newest 100 captured mails, only those to one address when given (any case). */
export async function findCapturedEmails(db: DbExecutor, params: { to?: string }) {
  const { to } = params;
  return db
    .select()
    .from(capturedEmails)
    .where(to ? sql`lower(${capturedEmails.to}) = lower(${to})` : undefined)
    .orderBy(desc(capturedEmails.createdAt))
    .limit(100);
}

export async function findCapturedEmailById(db: DbExecutor, params: { id: string }) {
  const [mail] = await db.select().from(capturedEmails).where(eq(capturedEmails.id, params.id));
  return mail;
}
