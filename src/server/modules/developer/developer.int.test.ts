import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LIMIT, DEVELOPER_MESSAGES } from '../../../contracts/developer';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// API keys (created in the app, shown once, stored hashed, revocable, expiring,
// scoped) and the public API v1, which answers a key only within its owner's events.

let t: TestApp;
let organizer: CreatedUser;
let other: CreatedUser;
let attendee: CreatedUser;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1' } });
  organizer = await createUser(t.db, { userType: 'organizer', email: 'org@example.com' });
  other = await createUser(t.db, { userType: 'organizer', email: 'other@example.com' });
  attendee = await createUser(t.db, { email: 'fan@example.com', fullName: 'Fan Fanning' });
  for (const user of [organizer, other, attendee]) cookies[user.id] = await t.sessionCookie(user);
});
afterAll(async () => t?.close());

const asUser = (
  user: CreatedUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: user ? { cookie: cookies[user.id] } : {} });
const withKey = (key: string | null, url: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(cookie ? { cookie } : {}) },
  });

async function newKey(user: CreatedUser, scopes: string[], expiresInDays: number | null = null) {
  const response = await asUser(user, 'POST', '/api/developer/keys', {
    name: 'Door app',
    scopes,
    expiresInDays,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ key: { id: string; prefix: string }; secret: string }>();
}

describe('API keys', () => {
  it('an organizer creates a key shown once; lists show only its prefix', async () => {
    const created = await newKey(organizer, ['events:read']);
    expect(created.secret).toMatch(/^mea_[\w-]{10}_[\w-]{43}$/);
    expect(created.key.prefix).toBe(`${created.secret.slice(0, 14)}_…`);
    const list = await asUser(organizer, 'GET', '/api/developer/keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(created.secret.slice(16));
    expect(list.json().keys.map((k: { id: string }) => k.id)).toContain(created.key.id);
    const stored = await t.db.execute(
      `select key_hash from api_keys where id = '${created.key.id}'` as never,
    );
    expect(JSON.stringify(stored.rows)).not.toContain(created.secret);
  });

  it('validates the name and scopes, refuses attendees and signed-out visitors', async () => {
    const bad = await asUser(organizer, 'POST', '/api/developer/keys', { name: ' ', scopes: [] });
    expect(bad.statusCode).toBe(400);
    const fields = bad
      .json()
      .error.details.fields.map((f: { field: string; message: string }) => [f.field, f.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['body.name', DEVELOPER_MESSAGES.nameRequired],
        ['body.scopes', DEVELOPER_MESSAGES.scopesRequired],
      ]),
    );
    const unknownScope = await asUser(organizer, 'POST', '/api/developer/keys', {
      name: 'x',
      scopes: ['admin:all'],
    });
    expect(unknownScope.statusCode).toBe(400);
    expect(
      (
        await asUser(attendee, 'POST', '/api/developer/keys', {
          name: 'x',
          scopes: ['events:read'],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await asUser(null, 'POST', '/api/developer/keys', { name: 'x', scopes: ['events:read'] }))
        .statusCode,
    ).toBe(401);
    expect((await asUser(null, 'GET', '/api/developer/keys')).statusCode).toBe(401);
  });

  it('only the owner revokes a key, once', async () => {
    const created = await newKey(organizer, ['events:read']);
    expect(
      (await asUser(other, 'DELETE', `/api/developer/keys/${created.key.id}`)).statusCode,
    ).toBe(404);
    expect((await withKey(created.secret, '/api/v1/events')).statusCode).toBe(200);
    const revoked = await asUser(organizer, 'DELETE', `/api/developer/keys/${created.key.id}`);
    expect(revoked.statusCode).toBe(200);
    const at = revoked.json().revokedAt;
    expect(at).toBeTruthy();
    const again = await asUser(organizer, 'DELETE', `/api/developer/keys/${created.key.id}`);
    expect(again.json().revokedAt).toBe(at);
    const refused = await withKey(created.secret, '/api/v1/events');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(DEVELOPER_MESSAGES.keyInvalid);
  });
});

describe('the public API v1', () => {
  it("lists only the key owner's events, in pages that cover each once, and syncs by updated_since", async () => {
    const mine = [];
    for (let i = 0; i < 5; i++) {
      mine.push(
        await createEvent(t.db, {
          userId: organizer.id,
          title: `Mine ${i}`,
          eventStatus: i ? 'published' : 'draft',
        }),
      );
      // Changed on the 1st to the 5th of January, one a day.
      await t.db.execute(
        sql`update events set updated_at = ${new Date(Date.UTC(2026, 0, i + 1))} where id = ${mine[i]?.id}`,
      );
    }
    const theirs = await createEvent(t.db, { userId: other.id, title: 'Theirs' });
    const { secret } = await newKey(organizer, ['events:read']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await withKey(
        secret,
        `/api/v1/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        data: { id: string; title: string }[];
        next_cursor: string | null;
      }>();
      seen.push(...body.data.map((e) => e.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(mine.map((e) => e.id)));
    expect(seen).not.toContain(theirs.id);

    const since = new Date(Date.UTC(2026, 0, 5)).toISOString();
    const recent = await withKey(
      secret,
      `/api/v1/events?updated_since=${encodeURIComponent(since)}`,
    );
    expect(recent.json().data.map((e: { title: string }) => e.title)).toEqual(['Mine 4']);
    const badCursor = await withKey(secret, '/api/v1/events?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
  });

  it('answers lists asked for together each with its own page, and sees a change made before it asked', async () => {
    // Lists that arrive together share one statement (and identical ones one read): each answer
    // must still be the page that list alone gets.
    const a = await createUser(t.db, { userType: 'organizer', email: 'batch-a@example.com' });
    const b = await createUser(t.db, { userType: 'organizer', email: 'batch-b@example.com' });
    for (const user of [a, b]) cookies[user.id] = await t.sessionCookie(user);
    for (const [owner, n] of [
      [a, 3],
      [b, 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const event = await createEvent(t.db, { userId: owner.id, title: `${owner.email} ${i}` });
        await t.db.execute(
          sql`update events set updated_at = ${new Date(Date.UTC(2027, 0, i + 1))} where id = ${event.id}`,
        );
      }
    }
    const keyA = (await newKey(a, ['events:read'])).secret;
    const keyB = (await newKey(b, ['events:read'])).secret;
    const first = (await withKey(keyA, '/api/v1/events?limit=1')).json<{ next_cursor: string }>();
    const lists: [string, string][] = [
      [keyA, '/api/v1/events?limit=1'],
      [keyA, '/api/v1/events?limit=2'],
      [keyA, `/api/v1/events?limit=2&cursor=${first.next_cursor}`],
      [keyA, `/api/v1/events?updated_since=${encodeURIComponent('2027-01-02T00:00:00.000Z')}`],
      [keyB, '/api/v1/events?limit=5'],
    ];
    const alone: unknown[] = [];
    for (const [key, url] of lists) alone.push((await withKey(key, url)).json<unknown>());
    expect(alone.map((page) => (page as { data: unknown[] }).data.length)).toEqual([1, 2, 2, 2, 2]);
    const together = await Promise.all(
      Array.from({ length: 5 }, () => lists.map(([key, url]) => withKey(key, url))).flat(),
    );
    together.forEach((response, i) => {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(alone[i % lists.length]);
    });

    // A change committed before a list is asked for is in it, even while other lists of the
    // same key are in the database.
    const busy = Array.from({ length: 10 }, () => withKey(keyA, '/api/v1/events?limit=5'));
    await t.db.execute(
      sql`update events set title = 'Renamed', updated_at = now() where user_id = ${a.id} and title like '%0'`,
    );
    const after = await withKey(keyA, '/api/v1/events?limit=5');
    expect(after.json().data.map((e: { title: string }) => e.title)).toContain('Renamed');
    for (const response of await Promise.all(busy)) expect(response.statusCode).toBe(200);
  });

  it('a session cookie does not open the API; a wrong, expired or unscoped key is refused', async () => {
    expect((await withKey(null, '/api/v1/events', cookies[organizer.id])).statusCode).toBe(401);
    expect((await withKey('mea_AAAAAAAAAA_' + 'B'.repeat(43), '/api/v1/events')).statusCode).toBe(
      401,
    );
    const { secret } = await newKey(organizer, ['events:read'], 30);
    const event = await createEvent(t.db, { userId: organizer.id });
    const unscoped = await withKey(secret, `/api/v1/events/${event.id}/attendees`);
    expect(unscoped.statusCode).toBe(403);
    expect(unscoped.json().error.message).toBe(DEVELOPER_MESSAGES.scopeMissing('attendees:read'));
    // A tampered secret with the right prefix is refused too.
    expect(
      (await withKey(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, '/api/v1/events'))
        .statusCode,
    ).toBe(401);
    t.clock.advance(31 * 86_400_000);
    expect((await withKey(secret, '/api/v1/events')).statusCode).toBe(401);
    // Sessions last 30 days: sign everyone in again for the tests after this one.
    for (const user of [organizer, other, attendee]) cookies[user.id] = await t.sessionCookie(user);
  });

  it("attendees of the owner's event only; another organizer's event is not found", async () => {
    const { secret } = await newKey(organizer, ['events:read', 'attendees:read']);
    const event = await createEvent(t.db, { userId: organizer.id });
    const response = await withKey(secret, `/api/v1/events/${event.id}/attendees`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: [], next_cursor: null });
    const foreign = await createEvent(t.db, { userId: other.id });
    expect((await withKey(secret, `/api/v1/events/${foreign.id}/attendees`)).statusCode).toBe(404);
  });

  it('limits each key per minute with RateLimit headers and Retry-After', async () => {
    const { secret } = await newKey(other, ['events:read']);
    let last = await withKey(secret, '/api/v1/events?limit=1');
    expect(last.headers['ratelimit-limit']).toBe(String(API_KEY_LIMIT.perMinute));
    expect(last.headers['ratelimit-remaining']).toBe(String(API_KEY_LIMIT.perMinute - 1));
    for (let i = 1; i < API_KEY_LIMIT.perMinute; i++)
      last = await withKey(secret, '/api/v1/events?limit=1');
    expect(last.statusCode).toBe(200);
    expect(last.headers['ratelimit-remaining']).toBe('0');
    const limited = await withKey(secret, '/api/v1/events?limit=1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key of someone else is not held back.
    const { secret: mine } = await newKey(organizer, ['events:read']);
    expect((await withKey(mine, '/api/v1/events?limit=1')).statusCode).toBe(200);
  });

  // Decision 037: each process reads a key at most once a second and counts its requests in
  // memory, adding them to the shared window once a second.
  it('hears within a second of another instance’s requests and of a revocation made elsewhere', async () => {
    const { key, secret } = await newKey(other, ['events:read']);
    expect((await withKey(secret, '/api/v1/events?limit=1')).statusCode).toBe(200);
    // Another instance used up the key's minute in the shared window.
    await t.db.execute(
      sql`update rate_limit_counters set count = count + ${API_KEY_LIMIT.perMinute}
          where key = ${`api-key:${key.id}`}`,
    );
    t.clock.advance(1100);
    // The first request after the second adds ours and learns theirs (in the background, so it
    // is still answered from this process's count); the requests once that sync has landed are
    // refused.
    expect((await withKey(secret, '/api/v1/events?limit=1')).statusCode).toBe(200);
    await expect
      .poll(async () => (await withKey(secret, '/api/v1/events?limit=1')).statusCode)
      .toBe(429);
    const counted = await t.db.execute(
      sql`select count from rate_limit_counters where key = ${`api-key:${key.id}`}`,
    );
    expect(Number((counted.rows[0] as { count: number }).count)).toBeGreaterThan(
      API_KEY_LIMIT.perMinute + 1,
    );

    // Revoked by another instance (straight in the database): refused within a second.
    const { key: second, secret: secondSecret } = await newKey(other, ['events:read']);
    expect((await withKey(secondSecret, '/api/v1/events?limit=1')).statusCode).toBe(200);
    await t.db.execute(sql`update api_keys set revoked_at = now() where id = ${second.id}`);
    t.clock.advance(1100);
    expect((await withKey(secondSecret, '/api/v1/events?limit=1')).statusCode).toBe(401);
  });
});
