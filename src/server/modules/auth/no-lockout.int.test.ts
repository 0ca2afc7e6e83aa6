import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorSettings } from '../../db/schema/two-factor';
import { createUser, type CreatedUser } from '../../test/factories';
import { capturedMailCount, linkFrom, waitForCapturedMail } from '../../test/mail';
import { cookieHeader, createTestApp, type TestApp } from '../../test/test-app';
import {
  ACCOUNT_FREE_ATTEMPTS,
  FREE_ATTEMPTS,
  networkOf,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from './sign-in-throttle';

// An attacker guessing at an account must not keep its owner out (decision 062): guesses from
// one place slow that place only, and the owner always has a way in.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ATTACKER = '198.51.100.66';
const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
  });
const requestLink = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in-link/request',
    payload: { email },
    remoteAddress,
  });
const useLink = (token: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in-link',
    payload: { token },
    remoteAddress,
  });

async function guess(user: CreatedUser, count: number, address: (i: number) => string) {
  const statuses: number[] = [];
  // One after another, as a script would; the app's clock stands still, so all in one window.
  for (let i = 0; i < count; i++) {
    const response = await signIn(user.email, `wrong-guess-${i}`, address(i));
    statuses.push(response.statusCode);
    if (response.statusCode === 429) {
      expect(response.headers['retry-after']).toBeDefined();
    }
  }
  return statuses;
}

async function linkToken(email: string, count = 1): Promise<string> {
  const [mail] = await waitForCapturedMail(t.db, email, { count });
  expect(mail?.subject).toBe('Your MEA Events sign-in link');
  const url = linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/auth/link?token=`);
  return new URL(url).searchParams.get('token') ?? '';
}

describe('no lock-out by an attacker', () => {
  it('50 wrong passwords from one address: the owner still signs in from another, guessing stays limited', async () => {
    const owner = await createUser(t.db);
    const statuses = await guess(owner, 50, () => ATTACKER);
    // Only the free attempts and at most one paced one reached the password check.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FREE_ATTEMPTS + 1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50 - FREE_ATTEMPTS - 1);
    // The attacker's place is still refused, the right password or not…
    const fromAttacker = await signIn(owner.email, 'another-wrong-guess', ATTACKER);
    expect(fromAttacker.statusCode).toBe(429);
    // …while the owner, elsewhere, on a browser that never signed in before, gets in.
    const owners = await signIn(owner.email, owner.password, '203.0.113.7');
    expect(owners.statusCode, owners.body).toBe(200);
    // And the owner's success does not give the attacker's place more guesses.
    expect((await signIn(owner.email, 'yet-another-guess', ATTACKER)).statusCode).toBe(429);
  });

  it('an IPv6 attacker is one network for its whole /64', async () => {
    expect(networkOf('2001:db8:1:2::1')).toBe(networkOf('2001:db8:1:2:ffff::9'));
    const owner = await createUser(t.db);
    const statuses = await guess(owner, 20, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FREE_ATTEMPTS + 1);
    expect((await signIn(owner.email, owner.password, '2001:db8:9:9::1')).statusCode).toBe(200);
  });

  it('guesses spread over many networks are still slowed at the account', async () => {
    const owner = await createUser(t.db);
    // A fresh network for every guess: each network's free attempts never run out.
    const statuses = await guess(
      owner,
      ACCOUNT_FREE_ATTEMPTS + 20,
      (i) => `10.${i >> 8}.${i & 255}.1`,
    );
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_FREE_ATTEMPTS + 1);
    const refused = await signIn(owner.email, 'one-more-guess', '10.200.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
  });

  it('the owner at the attacked address gets in by a mailed link, which resets the throttle', async () => {
    const owner = await createUser(t.db);
    await guess(owner, 30, () => ATTACKER);
    expect((await signIn(owner.email, owner.password, ATTACKER)).statusCode).toBe(429);

    const asked = await requestLink(owner.email, ATTACKER);
    expect(asked.statusCode, asked.body).toBe(200);
    const token = await linkToken(owner.email);
    const used = await useLink(token, ATTACKER);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().user.email).toBe(owner.email);
    const session = cookieHeader(used);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: session },
    });
    expect(me.json().user.id).toBe(owner.id);

    // The account's throttle starts over: the password works again from the same place (after
    // the per-address minute of failures has passed).
    t.clock.advance(61_000);
    expect((await signIn(owner.email, owner.password, ATTACKER)).statusCode).toBe(200);
  });
});

describe('one-time sign-in links', () => {
  it('works once', async () => {
    const user = await createUser(t.db);
    await requestLink(user.email, '192.0.2.31');
    const token = await linkToken(user.email);
    expect((await useLink(token, '192.0.2.31')).statusCode).toBe(200);
    const again = await useLink(token, '192.0.2.31');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This sign-in link has already been used. Please request a new one.',
    });
  });

  it('expires after 15 minutes', async () => {
    const user = await createUser(t.db);
    await requestLink(user.email, '192.0.2.32');
    const token = await linkToken(user.email);
    t.clock.advance(15 * 60_000 + 1000);
    const late = await useLink(token, '192.0.2.32');
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(
      'This sign-in link has expired. Please request a new one.',
    );
  });

  it('a made-up link is refused, in the reader’s language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in-link',
      payload: { token: 'not-a-real-token' },
      headers: { 'accept-language': 'es' },
      remoteAddress: '192.0.2.33',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(response.json().error.message).toBe(
      'Este enlace de inicio de sesión no es válido. Solicite uno nuevo.',
    );
  });

  it('answers the same whether or not the address has an account, and sends one mail a minute', async () => {
    const user = await createUser(t.db);
    const known = await requestLink(user.email, '192.0.2.34');
    const unknown = await requestLink('nobody-here@example.test', '192.0.2.35');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    await requestLink(user.email, '192.0.2.36');
    await waitForCapturedMail(t.db, user.email);
    await t.settle();
    expect(await capturedMailCount(t.db, user.email)).toBe(1);
    expect(await capturedMailCount(t.db, 'nobody-here@example.test')).toBe(0);
  });

  it('an account with two-factor sign-in still gives its second factor after the link', async () => {
    const user = await createUser(t.db);
    await t.db
      .insert(twoFactorSettings)
      .values({ userId: user.id, secretSealed: 'sealed', enabledAt: t.clock.now() });
    await requestLink(user.email, '192.0.2.37');
    const used = await useLink(await linkToken(user.email), '192.0.2.37');
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().user).toBeNull();
    expect(used.json().secondFactor.methods).toContain('totp');
    expect(used.cookies.find((c) => c.name === 'mea_session')).toBeUndefined();
  });
});
