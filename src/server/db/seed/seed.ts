import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/users';
import { createUser } from '../../test/factories';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

// Same key as nothing else: two instances seeding one database at once take turns.
const SEED_LOCK_ID = 727_002;

/**
 * Idempotent demo data built from the test factories: running it twice changes nothing,
 * and an account someone deleted comes back.
 */
export async function seedDemoData(db: Database): Promise<{ created: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const existing = await tx
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    const have = new Set(existing.map((u) => u.email));
    const created: string[] = [];
    for (const account of DEMO_ACCOUNTS) {
      if (have.has(account.email)) continue;
      await createUser(tx, {
        email: account.email,
        password: DEMO_PASSWORD,
        fullName: account.fullName,
        userType: account.userType,
        roles: account.roles,
        businessName: account.businessName ?? null,
        category: account.category ?? null,
        service: account.service ?? null,
        phone: account.phone,
      });
      created.push(account.email);
    }
    return { created };
  });
}
