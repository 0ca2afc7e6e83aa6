import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/**
 * Whether the console has suspended this account (decision 020). Sign-in asks it; the admin
 * module writes the rows. It lives here, not in the admin module, because the admin console
 * also calls into auth (password resets), and modules must not depend on each other both ways.
 */
export async function isAccountSuspended(
  db: DbExecutor,
  params: { userId: string },
): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from account_suspensions where user_id = ${params.userId}`,
  );
  return rows.length > 0;
}
