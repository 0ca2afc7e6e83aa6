import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Role, UserType } from '../../../contracts/enums';
import { prepared, type Database, type DbExecutor } from '../../db/client';
import { sessions } from '../../db/schema/users';
import { Batcher, onePer } from '../batcher';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Touch last_seen_at (and slide expiry) at most this often, not on every request.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface AuthUser {
  id: string;
  email: string;
  emailConfirmedAt: Date | null;
  fullName: string;
  userType: UserType;
  roles: Role[];
  avatarUrl: string | null;
  /** The account's chosen language, if any (contracts/locales.ts). */
  language: string | null;
  createdAt: Date;
  sessionId: string;
}

// Every signed-in request hashes its cookie (the session cache's key): the one-shot hash spares
// the Hash object that createHash builds each time.
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export async function createSession(
  db: Database,
  params: { userId: string; now: Date; userAgent?: string; ipAddress?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(params.now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: params.userId,
    createdAt: params.now,
    lastSeenAt: params.now,
    expiresAt,
    userAgent: params.userAgent?.slice(0, 300),
    ipAddress: params.ipAddress?.slice(0, 64),
  });
  return { token, expiresAt };
}

/** The signed-in user for a cookie token, or null when unknown or expired. */
export function findSessionUser(
  db: Database,
  params: { token: string; now: Date },
): Promise<AuthUser | null> {
  return lookupsFor(db).submit({ tokenHash: hashToken(params.token), now: params.now });
}

interface SessionRow extends AuthUser {
  tokenHash: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

type Lookup = { tokenHash: string; now: Date };

/**
 * Session lookups that arrive together share one query (platform/batcher.ts): every API call of
 * a person whose session is not in the process's short cache asks for it, and under load
 * hundreds a second were each a round trip of their own.
 */
const lookupsFor = onePer(
  (db: Database) =>
    new Batcher<Lookup, AuthUser | null>((batch) => findSessionUsers(db, batch), {
      name: 'findSessionUsers',
    }),
);

async function findSessionUsers(db: Database, batch: Lookup[]): Promise<(AuthUser | null)[]> {
  // Token hashes are hex: safe in an array literal (one parameter, not one per hash).
  const hashes = `{${[...new Set(batch.map((l) => l.tokenHash))].join(',')}}`;
  const rows = await prepared<SessionRow>(
    db,
    sql`
    select s.token_hash as "tokenHash", s.id as "sessionId", s.last_seen_at as "lastSeenAt",
      s.expires_at as "expiresAt", u.id, u.email, u.email_confirmed_at as "emailConfirmedAt",
      u.language, p.created_at as "createdAt", p.full_name as "fullName", p.user_type as "userType",
      p.avatar_url as "avatarUrl",
      -- text[]: node-postgres parses text arrays but not arrays of an enum type.
      coalesce((select array_agg(r.role::text order by r.role) from user_roles r
        where r.user_id = u.id), '{}'::text[]) as roles
    from sessions s join users u on u.id = s.user_id join profiles p on p.id = u.id
    where s.token_hash = any(${hashes}::text[])`,
  );
  const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
  const users: (AuthUser | null)[] = [];
  // Each session due a touch, at its first lookup's time in this batch.
  const touched = new Map<string, Date>();
  for (const { tokenHash, now } of batch) {
    const row = byHash.get(tokenHash);
    if (!row || row.expiresAt.getTime() <= now.getTime()) {
      users.push(null);
      continue;
    }
    if (
      now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS &&
      !touched.has(row.sessionId)
    ) {
      touched.set(row.sessionId, now);
    }
    const { tokenHash: _hash, lastSeenAt: _seen, expiresAt: _expires, ...user } = row;
    users.push(user);
  }
  // The touches of a whole batch in one statement: one round trip and one commit, not one each.
  if (touched.size) {
    const ids = [...touched.keys()];
    const times = [...touched.values()].map((at) => at.toISOString());
    await db.execute(sql`
      update sessions s set last_seen_at = t.at,
        expires_at = t.at + ${`${SESSION_TTL_MS} milliseconds`}::interval
      from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${times.join(',')}}`}::timestamptz[]) as t(id, at)
      where s.id = t.id`);
  }
  return users;
}

/** Which of these sessions still exist and have not expired. */
export async function liveSessionIds(
  db: DbExecutor,
  params: { ids: string[]; now: Date },
): Promise<Set<string>> {
  if (!params.ids.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, params.ids), gt(sessions.expiresAt, params.now)));
  return new Set(rows.map((row) => row.id));
}

/** Whether the person has a live session besides this one (signed in on another device). */
export async function hasOtherLiveSession(
  db: DbExecutor,
  params: { userId: string; sessionId: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, params.userId),
        ne(sessions.id, params.sessionId),
        gt(sessions.expiresAt, params.now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Ends one session; returns whose it was (null when there was none). */
export async function deleteSession(
  db: DbExecutor,
  params: { token: string },
): Promise<{ userId: string } | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(params.token)))
    .returning({ userId: sessions.userId });
  return row ?? null;
}

export async function deleteExpiredSessions(db: Database, params: { now: Date }): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${params.now}`)
    .returning({ id: sessions.id });
  return deleted.length;
}
