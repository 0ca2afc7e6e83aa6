import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSessionList } from '../../../contracts/devices';
import { createUser, type CreatedUser } from '../../test/factories';
import { capturedMailCount, waitForCapturedMail } from '../../test/mail';
import { requestAs } from '../../test/request-as';
import { cookieHeader, createTestApp, type TestApp } from '../../test/test-app';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

// Two processes on one database: signing a session out on one reaches the other's cache.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  b = await createTestApp({ shareDatabaseOf: a, env: { RATE_LIMIT_MULTIPLIER: '20' } });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function signIn(t: TestApp, user: CreatedUser, userAgent: string, remoteAddress: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  return cookieHeader(response);
}

/** Requests to one of the two processes. */
const on = (t: TestApp) => requestAs(() => t);

async function sessionsOf(t: TestApp, cookie: string) {
  const response = await on(t)({ cookie }, 'GET', '/api/devices/sessions');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeviceSessionList>().sessions;
}

const signedIn = async (t: TestApp, cookie: string) =>
  (await on(t)({ cookie }, 'GET', '/api/auth/session')).json<{ user: unknown }>().user !== null;

describe('where you are signed in', () => {
  it('lists every live session with browser, system, masked place, first and last seen; this one marked', async () => {
    const user = await createUser(a.db);
    const laptop = await signIn(a, user, FIREFOX_WINDOWS, '203.0.113.45');
    a.clock.advance(60_000);
    b.clock.advance(60_000);
    const phone = await signIn(b, user, SAFARI_IPHONE, '2001:db8:42:7::9');
    const seen = await sessionsOf(a, phone);
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => [s.browser, s.system, s.place, s.current])).toEqual([
      ['Safari 18', 'iOS', '2001:db8:42::/48', true],
      ['Firefox 140', 'Windows', '203.0.113.x', false],
    ]);
    for (const session of seen) {
      expect(Date.parse(session.firstSeenAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt));
    }
    // The full address is never shown.
    expect(JSON.stringify(seen)).not.toContain('203.0.113.45');
    expect((await sessionsOf(a, laptop)).find((s) => s.current)?.browser).toBe('Firefox 140');
  });

  it('signs one other session out: that browser is signed out on its next request, on any process', async () => {
    const user = await createUser(a.db);
    const laptop = await signIn(a, user, FIREFOX_WINDOWS, '203.0.113.46');
    const phone = await signIn(b, user, SAFARI_IPHONE, '198.51.100.46');
    // Both processes have the phone's session in their caches.
    expect(await signedIn(a, phone)).toBe(true);
    expect(await signedIn(b, phone)).toBe(true);
    const phoneId = (await sessionsOf(a, phone)).find((s) => s.current)?.id ?? '';
    const ended = await on(a)({ cookie: laptop }, 'DELETE', `/api/devices/sessions/${phoneId}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await signedIn(b, phone)).toBe(false);
    expect(await signedIn(a, phone)).toBe(false);
    expect(await signedIn(a, laptop)).toBe(true);
    // Already gone: not found.
    const again = await on(a)({ cookie: laptop }, 'DELETE', `/api/devices/sessions/${phoneId}`);
    expect(again.statusCode).toBe(404);
  });

  it('signs every other session out and keeps this one', async () => {
    const user = await createUser(a.db);
    const one = await signIn(a, user, FIREFOX_WINDOWS, '203.0.113.47');
    const two = await signIn(b, user, SAFARI_IPHONE, '198.51.100.47');
    const three = await signIn(a, user, SAFARI_IPHONE, '192.0.2.47');
    const response = await on(b)({ cookie: two }, 'POST', '/api/devices/sessions/sign-out-others');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ signedOut: 2 });
    expect(await signedIn(a, one)).toBe(false);
    expect(await signedIn(a, three)).toBe(false);
    expect(await signedIn(a, two)).toBe(true);
    expect((await sessionsOf(b, two)).map((s) => s.current)).toEqual([true]);
  });

  it('one person can neither see nor end another’s sessions; signed out gets 401', async () => {
    const owner = await createUser(a.db);
    const other = await createUser(a.db);
    const ownerCookie = await signIn(a, owner, FIREFOX_WINDOWS, '203.0.113.48');
    const otherCookie = await signIn(a, other, SAFARI_IPHONE, '198.51.100.48');
    const ownerSession = (await sessionsOf(a, ownerCookie))[0]?.id ?? '';
    // The other person's list holds only their own session.
    const theirs = await sessionsOf(a, otherCookie);
    expect(theirs.map((s) => s.id)).not.toContain(ownerSession);
    expect(theirs).toHaveLength(1);
    // Ending the owner's session by its id: not found, and the owner stays signed in.
    const refused = await on(a)(
      { cookie: otherCookie },
      'DELETE',
      `/api/devices/sessions/${ownerSession}`,
    );
    expect(refused.statusCode).toBe(404);
    expect(await signedIn(a, ownerCookie)).toBe(true);
    // "Sign out others" ends only the caller's own other sessions.
    await on(a)({ cookie: otherCookie }, 'POST', '/api/devices/sessions/sign-out-others');
    expect(await signedIn(a, ownerCookie)).toBe(true);
    // Signed out: 401 everywhere.
    expect((await on(a)('signedOut', 'GET', '/api/devices/sessions')).statusCode).toBe(401);
    expect(
      (await on(a)('signedOut', 'DELETE', `/api/devices/sessions/${ownerSession}`)).statusCode,
    ).toBe(401);
    expect(
      (await on(a)('signedOut', 'POST', '/api/devices/sessions/sign-out-others')).statusCode,
    ).toBe(401);
    // A malformed id is a validation error, never a 500.
    const bad = await on(a)({ cookie: ownerCookie }, 'DELETE', '/api/devices/sessions/not-a-uuid');
    expect(bad.statusCode).toBe(400);
  });

  it('a sign-in from a new browser while signed in elsewhere sends a mail, whatever the mail settings', async () => {
    const user = await createUser(a.db);
    // The first sign-in is no news to anyone: a notice in the list, no mail (account mail is off
    // by default).
    await signIn(a, user, SAFARI_IPHONE, '198.51.100.49');
    await a.settle();
    expect(await capturedMailCount(a.db, user.email)).toBe(0);
    // Someone else gets in on another browser: the person signed in on the phone hears of it.
    await signIn(a, user, FIREFOX_WINDOWS, '203.0.113.49');
    const [mail] = await waitForCapturedMail(a.db, user.email);
    expect(mail?.subject).toContain('New sign-in');
    expect(mail?.text).toContain('Firefox on Windows');
  });
});
