import { sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/enums';
import type { DbExecutor } from '../../db/client';
import { deleteSessionsOf, ERASED_DOMAIN } from './admin.queries';

// Account erasure: what the console's erase action reads and changes.

export async function userIdentity(db: DbExecutor, params: { id: string }) {
  const { rows } = await db.execute<{
    email: string;
    confirmed: boolean;
    roles: Role[] | null;
  }>(sql`
    select u.email, u.email_confirmed_at is not null as confirmed,
      array(select role::text from user_roles where user_id = u.id) as roles
    from users u where u.id = ${params.id}`);
  return rows[0] ?? null;
}

/**
 * Erases a person's identity and credentials and keeps the rows the books and other people
 * need: orders, tickets, messages and reviews stay, attributed to "Deleted user". The address
 * becomes a placeholder at a reserved domain (unique per id), so the real one is free to sign
 * up again and nothing can be sent to the old one.
 */
export async function eraseAccount(db: DbExecutor, params: { id: string; now: Date }) {
  await db.execute(sql`
    update users set email = ${`erased-${params.id}@${ERASED_DOMAIN}`}, password_hash = null,
      email_confirmed_at = null
    where id = ${params.id}`);
  await db.execute(sql`
    update profiles set full_name = 'Deleted user', business_name = null, avatar_url = null,
      phone = null, service = null, category = null, referred_by_promo_code = null,
      updated_at = ${params.now}
    where id = ${params.id}`);
  const ended = await deleteSessionsOf(db, { userId: params.id });
  for (const table of ['auth_tokens', 'passkeys', 'webauthn_challenges', 'push_subscriptions'])
    await db.execute(sql`delete from ${sql.identifier(table)} where user_id = ${params.id}`);
  await db.execute(sql`delete from user_roles where user_id = ${params.id}`);
  const { rows } = await db.execute<{ n: string }>(
    sql`select count(*) as n from orders where user_id = ${params.id}`,
  );
  return { sessionsEnded: ended, ordersKept: Number(rows[0]?.n ?? 0) };
}
