import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralClicks } from '../../db/schema/affiliates';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Decision 123: clicks arriving together share one statement (group commit) and each is answered
// only once its batch has committed. These tests prove that no answered click is lost and none
// counts twice, in a burst whose batches mix every rule, and when the app stops mid-burst.

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let owner: TestApp;
let affiliate: CreatedUser;
let affiliateCookie: string;
let code: string;
let eventId: string;

beforeAll(async () => {
  owner = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '1000' } });
  affiliate = await createUser(owner.db, { fullName: 'Bo Burst' });
  affiliateCookie = await owner.sessionCookie(affiliate);
  const organizer = await createUser(owner.db, { userType: 'organizer', fullName: 'Oli Org' });
  eventId = (await createEvent(owner.db, { userId: organizer.id, createdAt: owner.clock.now() }))
    .id;
  const joined = await owner.app.inject({
    method: 'POST',
    url: '/api/affiliates/join',
    headers: { cookie: affiliateCookie, 'user-agent': BROWSER },
    payload: { acceptTerms: true },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const me = await owner.app.inject({
    method: 'GET',
    url: '/api/affiliates/me',
    headers: { cookie: affiliateCookie, 'user-agent': BROWSER },
  });
  code = me.json<{ code: string }>().code;
  // The link's first click creates its record; every later click takes the batched path.
  expect((await click(owner, 'first-session-0000')).statusCode).toBe(302);
}, 60_000);
afterAll(() => owner.close());

function click(app: TestApp, session: string, options: { ua?: string; cookie?: string } = {}) {
  return app.app.inject({
    method: 'GET',
    url: `/api/affiliates/r/${code}?event_id=${eventId}&session_id=${session}`,
    headers: {
      'user-agent': options.ua ?? BROWSER,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

async function keptSessions(prefix: string): Promise<string[]> {
  const rows = await owner.db
    .select({ key: referralClicks.visitorKey })
    .from(referralClicks)
    .where(sql`${referralClicks.visitorKey} like ${`s:${prefix}%`} and not ${referralClicks.test}`);
  return rows.map((row) => row.key.slice(2)).sort();
}

describe('referral clicks in shared statements', () => {
  it('keeps every new session of a burst once, repeats and other rules included', async () => {
    const sessions = Array.from({ length: 150 }, (_, i) => `burst-${String(i).padStart(3, '0')}`);
    const answers = await Promise.all([
      ...sessions.map((s) => click(owner, s)),
      // The same sessions again in the same burst: a repeat keeps nothing new.
      ...sessions.slice(0, 50).map((s) => click(owner, s)),
      // Bots and the referrer's own clicks in the same batches record nothing.
      ...Array.from({ length: 10 }, (_, i) => click(owner, `burst-bot-${i}`, { ua: BOT })),
      ...Array.from({ length: 10 }, (_, i) =>
        click(owner, `burst-self-${i}`, { cookie: affiliateCookie }),
      ),
    ]);
    expect(answers.every((a) => a.statusCode === 302)).toBe(true);
    // Counted and repeated clicks both set the attribution cookie; bots and self clicks do not.
    const withCookie = answers.filter((a) => a.cookies.some((c) => c.name === 'mea_aff'));
    expect(withCookie).toHaveLength(200);
    expect(await keptSessions('burst-')).toEqual(sessions);
  });

  it('writes every click a stopping app answered, and counts none it refused', async () => {
    const stopping = await createTestApp({
      shareDatabaseOf: owner,
      env: { RATE_LIMIT_MULTIPLIER: '1000' },
    });
    const sessions = Array.from({ length: 120 }, (_, i) => `stop-${String(i).padStart(3, '0')}`);
    const answers = Promise.all(sessions.map((s) => click(stopping, s)));
    // Closed while the burst is in its handlers and batches.
    await stopping.close();
    const settled = await answers;
    const answered = sessions.filter((_, i) => settled[i]?.statusCode === 302).sort();
    expect(answered.length).toBeGreaterThan(0);
    // Every 302 is a row: a redirect is sent only after its click's batch has committed.
    const kept = await keptSessions('stop-');
    expect(kept).toEqual(expect.arrayContaining(answered));
    // A click the closing app turned away was never half-written.
    expect(kept.length).toBeLessThanOrEqual(sessions.length);
    expect(new Set(kept).size).toBe(kept.length);
  });
});
