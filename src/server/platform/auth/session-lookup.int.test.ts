import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { createUser, type CreatedUser } from '../../test/factories';
import { createSession, findSessionUser, hashToken, SESSION_TTL_MS } from './sessions';

// Concurrent session lookups share one query (platform/batcher.ts); each must still get its own
// answer: its own user, or null when the token is unknown or expired at its own `now`.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = new Date('2026-11-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
/** Lookup statements sent to the pool (the batched `token_hash = any(...)` query). */
let lookupQueries = 0;
let ana: CreatedUser;
let ben: CreatedUser;

beforeAll(async () => {
  database = await createTestDatabase(inject('databaseServerUrl'));
  handle = connectDatabase(database.url, { max: 5 });
  const query = handle.pool.query.bind(handle.pool) as (...args: unknown[]) => unknown;
  (handle.pool as unknown as { query: (...args: unknown[]) => unknown }).query = (
    ...args: unknown[]
  ) => {
    const config = args[0] as { text?: string } | string;
    const text = typeof config === 'string' ? config : (config.text ?? '');
    if (text.includes('token_hash = any')) lookupQueries += 1;
    return query(...args);
  };
  // Every touch of a session (its last_seen_at moved) leaves a row here.
  await handle.db.execute(
    sql`create table session_touches (session_id uuid, last_seen_at timestamptz)`,
  );
  await handle.db.execute(sql`
    create function note_session_touch() returns trigger language plpgsql as $$
    begin
      insert into session_touches values (new.id, new.last_seen_at);
      return new;
    end $$`);
  await handle.db.execute(sql`
    create trigger session_touched after update on sessions
    for each row execute function note_session_touch()`);
  ana = await createUser(handle.db, { fullName: 'Ana Ade', roles: ['moderator', 'admin'] });
  ben = await createUser(handle.db, {
    fullName: 'Ben Bello',
    userType: 'organizer',
    avatarUrl: '/media/avatars/ben.webp',
  });
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

async function sessionOf(token: string) {
  const result = await handle.db.execute<{ id: string; last_seen_at: string; expires_at: string }>(
    sql`select id, last_seen_at::text, expires_at::text from sessions where token_hash = ${hashToken(token)}`,
  );
  const row = result.rows[0];
  if (!row) throw new Error('no such session');
  return {
    id: row.id,
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
  };
}

async function touchesOf(sessionId: string): Promise<Date[]> {
  const result = await handle.db.execute<{ last_seen_at: string }>(
    sql`select last_seen_at::text from session_touches where session_id = ${sessionId}`,
  );
  return result.rows.map((row) => new Date(row.last_seen_at));
}

const expectedUser = async (user: CreatedUser, token: string) => ({
  id: user.id,
  email: user.email,
  emailConfirmedAt: user.emailConfirmedAt,
  fullName: user.profile.fullName,
  userType: user.profile.userType,
  roles: [...user.roles].sort(),
  avatarUrl: user.profile.avatarUrl,
  language: null,
  createdAt: user.profile.createdAt,
  sessionId: (await sessionOf(token)).id,
});

describe('findSessionUser under concurrency', () => {
  it('answers each of many concurrent lookups with its own user, or null, in one query', async () => {
    const anaSession = await createSession(handle.db, { userId: ana.id, now: T0 });
    const benSession = await createSession(handle.db, { userId: ben.id, now: T0 });
    // Began 31 days ago: expired at T0, valid for a lookup made back then.
    const oldSession = await createSession(handle.db, { userId: ben.id, now: at(-31 * DAY) });
    // Ends half an hour after T0 (seen at T0, so no lookup below is an hour past a sighting).
    const shortSession = await createSession(handle.db, { userId: ana.id, now: T0 });
    await handle.db.execute(sql`
      update sessions set expires_at = ${at(30 * MINUTE).toISOString()}::timestamptz
      where token_hash = ${hashToken(shortSession.token)}`);
    await handle.db.execute(sql`delete from session_touches`);
    const soon = at(MINUTE);
    lookupQueries = 0;

    const answers = await Promise.all([
      findSessionUser(handle.db, { token: anaSession.token, now: soon }),
      findSessionUser(handle.db, { token: 'not-a-session', now: soon }),
      findSessionUser(handle.db, { token: benSession.token, now: soon }),
      findSessionUser(handle.db, { token: oldSession.token, now: soon }),
      // The same token in the same batch, asked 31 days later: expired at that `now`.
      findSessionUser(handle.db, { token: anaSession.token, now: at(31 * DAY) }),
      findSessionUser(handle.db, { token: anaSession.token, now: soon }),
      findSessionUser(handle.db, { token: oldSession.token, now: at(-31 * DAY + MINUTE) }),
      findSessionUser(handle.db, { token: 'another-unknown', now: soon }),
      findSessionUser(handle.db, { token: shortSession.token, now: at(30 * MINUTE - 1) }),
      findSessionUser(handle.db, { token: shortSession.token, now: at(30 * MINUTE) }),
    ]);

    const anaUser = await expectedUser(ana, anaSession.token);
    const benUser = await expectedUser(ben, benSession.token);
    const benOldUser = await expectedUser(ben, oldSession.token);
    const anaShortUser = await expectedUser(ana, shortSession.token);
    expect(anaUser.roles).toEqual(['admin', 'moderator']);
    expect(answers).toEqual([
      anaUser,
      null,
      benUser,
      null,
      null,
      anaUser,
      benOldUser,
      null,
      anaShortUser,
      // Expiry is exclusive: at exactly expires_at the session is over.
      null,
    ]);
    // Concurrent lookups went together: the first two leave at once, the rest share one query.
    expect(lookupQueries).toBeGreaterThan(0);
    expect(lookupQueries).toBeLessThanOrEqual(3);
    // None of these was an hour past its last sighting: nothing touched.
    for (const token of [
      anaSession.token,
      benSession.token,
      oldSession.token,
      shortSession.token,
    ]) {
      expect(await touchesOf((await sessionOf(token)).id)).toEqual([]);
    }
  });

  it('touches a session more than an hour since last seen once per batch, sliding its expiry', async () => {
    const dee = await createUser(handle.db, { fullName: 'Dee Dike', roles: ['blog_admin'] });
    const deeSession = await createSession(handle.db, { userId: dee.id, now: T0 });
    const anaSession = await createSession(handle.db, { userId: ana.id, now: T0 });
    const { id: deeId } = await sessionOf(deeSession.token);
    const deeUser = await expectedUser(dee, deeSession.token);
    const nows = [at(2 * HOUR), at(3 * HOUR), at(2 * HOUR), at(150 * MINUTE)];

    // Two lookups leave at once and take both slots; everything after them is one batch.
    const answers = await Promise.all([
      findSessionUser(handle.db, { token: 'filler-1', now: T0 }),
      findSessionUser(handle.db, { token: 'filler-2', now: T0 }),
      ...nows.map((now) => findSessionUser(handle.db, { token: deeSession.token, now })),
      findSessionUser(handle.db, { token: anaSession.token, now: at(10 * MINUTE) }),
    ]);
    expect(answers).toEqual([
      null,
      null,
      deeUser,
      deeUser,
      deeUser,
      deeUser,
      await expectedUser(ana, anaSession.token),
    ]);
    const touches = await touchesOf(deeId);
    expect(touches).toHaveLength(1);
    const touched = await sessionOf(deeSession.token);
    expect(nows.map((now) => now.getTime())).toContain(touched.lastSeenAt.getTime());
    expect(touches[0]?.getTime()).toBe(touched.lastSeenAt.getTime());
    expect(touched.expiresAt.getTime()).toBe(touched.lastSeenAt.getTime() + SESSION_TTL_MS);
    // Ana's session was seen ten minutes ago: left alone.
    const anaRow = await sessionOf(anaSession.token);
    expect(await touchesOf(anaRow.id)).toEqual([]);
    expect(anaRow.lastSeenAt.getTime()).toBe(T0.getTime());

    // Within the hour after the touch: no new touch.
    const soon = new Date(touched.lastSeenAt.getTime() + 30 * MINUTE);
    expect(await findSessionUser(handle.db, { token: deeSession.token, now: soon })).toEqual(
      deeUser,
    );
    expect(await touchesOf(deeId)).toHaveLength(1);
    // The expiry slid: a minute past the session's first expiry it still holds...
    const pastFirstExpiry = at(SESSION_TTL_MS + MINUTE);
    expect(pastFirstExpiry.getTime()).toBeLessThan(touched.expiresAt.getTime());
    expect(
      await findSessionUser(handle.db, { token: deeSession.token, now: pastFirstExpiry }),
    ).toEqual(deeUser);
    // ...and that lookup, long past the hour, touched it again.
    const retouched = await sessionOf(deeSession.token);
    expect(await touchesOf(deeId)).toHaveLength(2);
    expect(retouched.lastSeenAt.getTime()).toBe(pastFirstExpiry.getTime());
    expect(retouched.expiresAt.getTime()).toBe(pastFirstExpiry.getTime() + SESSION_TTL_MS);
  });
});
