import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../contracts/notifications';
import { createUser, type CreatedUser } from '../../test/factories';
import { cookieHeader, createTestApp, type TestApp } from '../../test/test-app';
import { KNOWN_DEVICE_COOKIE } from './sign-in-throttle';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
});
afterAll(() => t.close());

async function signIn(user: CreatedUser, userAgent: string, deviceCookie?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    headers: { 'user-agent': userAgent },
    cookies: deviceCookie ? { [KNOWN_DEVICE_COOKIE]: deviceCookie } : {},
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  const device = response.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE)?.value;
  if (!device) throw new Error('no known-device cookie was set');
  return { cookie: cookieHeader(response), device };
}

async function signInNotices(cookie: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notifications?type=signin',
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationList>().items;
}

describe('sign-in notifications', () => {
  it('a browser signing in again makes no notification; a new device makes one', async () => {
    const user = await createUser(t.db);
    const first = await signIn(user, CHROME_LINUX);
    expect((await signInNotices(first.cookie)).map((n) => [n.title, n.message])).toEqual([
      ['New sign-in', 'You signed in from Chrome on Linux.'],
    ]);

    t.clock.advance(60_000);
    const again = await signIn(user, CHROME_LINUX, first.device);
    const afterKnown = await signInNotices(again.cookie);
    expect(afterKnown).toHaveLength(1);
    expect(afterKnown[0]?.message).toBe('You signed in from Chrome on Linux.');

    t.clock.advance(60_000);
    const other = await signIn(user, FIREFOX_WINDOWS);
    expect((await signInNotices(other.cookie)).map((n) => n.message)).toEqual([
      'You signed in from Firefox on Windows.',
      'You signed in from Chrome on Linux.',
    ]);
  });

  it("is written in the account's language, the folded count as its plural", async () => {
    const user = await createUser(t.db);
    await t.db.execute(sql`update users set language = 'es' where id = ${user.id}`);
    const first = await signIn(user, CHROME_LINUX);
    expect((await signInNotices(first.cookie)).map((n) => [n.title, n.message])).toEqual([
      ['Nuevo inicio de sesión', 'Ha iniciado sesión desde Chrome on Linux.'],
    ]);
    t.clock.advance(60_000);
    const second = await signIn(user, CHROME_LINUX);
    expect((await signInNotices(second.cookie))[0]?.message).toBe(
      '2 inicios de sesión desde Chrome on Linux; el último, a la hora indicada.',
    );
  });

  it('repeated sign-ins from new browsers of one kind fold into one unread entry', async () => {
    const user = await createUser(t.db);
    await signIn(user, CHROME_LINUX);
    t.clock.advance(60_000);
    await signIn(user, CHROME_LINUX);
    t.clock.advance(60_000);
    const third = await signIn(user, CHROME_LINUX);
    const grouped = await signInNotices(third.cookie);
    expect(grouped).toHaveLength(1);
    expect(grouped[0]?.message).toBe(
      '3 sign-ins from Chrome on Linux, the latest at the time shown.',
    );
    expect(grouped[0]?.createdAt).toBe(t.clock.now().toISOString());
    expect(grouped[0]?.read).toBe(false);

    // Once read, the next one is news again: a row of its own (pushed and mailed like any new one).
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: third.cookie },
    });
    expect(read.statusCode, read.body).toBe(200);
    t.clock.advance(60_000);
    const fourth = await signIn(user, CHROME_LINUX);
    const after = await signInNotices(fourth.cookie);
    expect(after.map((n) => [n.read, n.message])).toEqual([
      [false, 'You signed in from Chrome on Linux.'],
      [true, '3 sign-ins from Chrome on Linux, the latest at the time shown.'],
    ]);
  });
});
