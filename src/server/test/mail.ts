import { desc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { capturedEmails } from '../db/schema/mail';

/** Waits for the mail job to deliver a captured mail to `to` (newest first); fails after 10 s. */
export async function waitForCapturedMail(
  db: Database,
  to: string,
  options: { count?: number } = {},
) {
  const count = options.count ?? 1;
  for (let i = 0; i < 100; i++) {
    const mails = await db
      .select()
      .from(capturedEmails)
      .where(sql`lower(${capturedEmails.to}) = lower(${to})`)
      .orderBy(desc(capturedEmails.createdAt));
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to} within 10 s`);
}

export async function capturedMailCount(db: Database, to: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(capturedEmails)
    .where(sql`lower(${capturedEmails.to}) = lower(${to})`);
  return row?.n ?? 0;
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkFrom(text: string, prefix: string): string {
  const match = text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no ${prefix} link in:\n${text}`);
  return match[0];
}
