import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/users';

export async function findUserCredentialsByEmail(db: Database, params: { email: string }) {
  const rows = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${params.email})`)
    .limit(1);
  return rows[0] ?? null;
}
