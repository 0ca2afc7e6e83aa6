import { generateSync } from 'otplib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactorRecoveryCodes, twoFactorSettings } from '../../db/schema/two-factor';
import { createUser, type CreatedUser } from '../../test/factories';
import { createSoftAuthenticator } from '../../test/soft-authenticator';
import { cookieHeader, createTestApp, type TestApp } from '../../test/test-app';
import { ACCOUNT_ATTEMPTS, ACCOUNT_WINDOW_MS, PENDING_ATTEMPTS } from './limits';
import { TOTP_STEP_SECONDS, TOTP_WINDOW_STEPS } from './totp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: object, cookie?: string, headers: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });
const codeFor = (secret: string, offsetSteps = 0) =>
  generateSync({
    secret,
    epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSteps * TOTP_STEP_SECONDS,
  });
const withCookies = (...parts: (string | undefined)[]) => parts.filter(Boolean).join('; ');

/** A person with two-factor turned on: their secret, recovery codes and a signed-in cookie. */
async function personWithTwoFactor() {
  const user = await createUser(t.db);
  const cookie = await t.signIn(user);
  const setup = (await post('/api/auth/two-factor/setup', undefined, cookie)).json();
  const enabled = await post(
    '/api/auth/two-factor/enable',
    { code: codeFor(setup.secret) },
    cookie,
  );
  expect(enabled.statusCode).toBe(200);
  // The next code must be of a later step (each step is used once).
  t.clock.advance(TOTP_STEP_SECONDS * 1000);
  return { user, cookie, secret: setup.secret as string, codes: enabled.json().recoveryCodes };
}

async function passwordStep(user: CreatedUser, cookie?: string) {
  const response = await post(
    '/api/auth/sign-in',
    { email: user.email, password: user.password },
    cookie,
  );
  expect(response.statusCode).toBe(200);
  return response;
}

describe('setting up two-factor sign-in', () => {
  it('shows a QR code and the secret, turns on with the first code, and gives ten recovery codes', async () => {
    const user = await createUser(t.db);
    const cookie = await t.signIn(user);
    expect((await get('/api/auth/two-factor', cookie)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      hasPasskey: false,
    });
    const setup = await post('/api/auth/two-factor/setup', undefined, cookie);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/MEA%20Events:${encodeURIComponent(user.email)}?secret=${secret}&issuer=MEA%20Events`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');

    // Sealed at rest: the database holds no readable secret.
    const [stored] = await t.db
      .select()
      .from(twoFactorSettings)
      .where(eq(twoFactorSettings.userId, user.id));
    expect(stored?.secretSealed).toMatch(/^v1\./);
    expect(stored?.secretSealed).not.toContain(secret);
    expect(stored?.enabledAt).toBeNull();

    const wrong = await post('/api/auth/two-factor/enable', { code: '000000' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'That code is not right. Please try again.',
      details: { fields: [{ field: 'body.code' }] },
    });
    const notDigits = await post('/api/auth/two-factor/enable', { code: 'abc' }, cookie);
    expect(notDigits.json().error.message).toBe(
      'Enter the 6-digit code from your authenticator app',
    );

    const enabled = await post('/api/auth/two-factor/enable', { code: codeFor(secret) }, cookie);
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    const hashes = await t.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(row.codeHash).toMatch(/^\$argon2id\$/);
    expect((await get('/api/auth/two-factor', cookie)).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // A second set-up cannot replace a live secret.
    expect((await post('/api/auth/two-factor/setup', undefined, cookie)).statusCode).toBe(409);
  });

  it('is for signed-in people only', async () => {
    expect((await get('/api/auth/two-factor')).statusCode).toBe(401);
    for (const url of [
      '/api/auth/two-factor/setup',
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/recovery-codes',
      '/api/auth/two-factor/disable',
      '/api/auth/two-factor/reauth',
    ])
      expect((await post(url, { code: '123456', password: 'x' })).statusCode).toBe(401);
  });
});

describe('signing in with two-factor', () => {
  it('asks for the second factor after the password, without a session, then signs in with a code', async () => {
    const { user, secret } = await personWithTwoFactor();
    const first = await passwordStep(user);
    expect(first.json()).toEqual({
      user: null,
      secondFactor: { methods: ['totp', 'recovery'], expiresAt: expect.any(String) },
    });
    expect(first.cookies.find((c) => c.name === 'mea_session')).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === 'mea_2fa_pending');
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/auth' });
    expect((await get('/api/auth/session', cookieHeader(first))).json()).toEqual({ user: null });

    const second = await post(
      '/api/auth/two-factor/sign-in',
      { code: codeFor(secret) },
      cookieHeader(first),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().user).toMatchObject({ email: user.email });
    const session = await get('/api/auth/session', cookieHeader(second));
    expect(session.json().user).toMatchObject({ email: user.email });

    // The pending sign-in is used up.
    const again = await post(
      '/api/auth/two-factor/sign-in',
      { code: codeFor(secret, 1) },
      cookieHeader(first),
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().error.details).toMatchObject({ reason: 'SIGN_IN_EXPIRED' });
  });

  it('accepts a code one step either side, each code only once', async () => {
    const { user, secret } = await personWithTwoFactor();
    // A step later than the one the set-up used, so the previous step's code is still unused.
    t.clock.advance(TOTP_STEP_SECONDS * 1000);
    const earlier = codeFor(secret, -1);
    const first = await passwordStep(user);
    expect(
      (await post('/api/auth/two-factor/sign-in', { code: earlier }, cookieHeader(first)))
        .statusCode,
    ).toBe(200);
    // The same code again, within its window: a replay.
    const replay = await passwordStep(user);
    const refused = await post(
      '/api/auth/two-factor/sign-in',
      { code: earlier },
      cookieHeader(replay),
    );
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe('That code is not right. Please try again.');
    // Two steps away is too far.
    expect(
      (
        await post(
          '/api/auth/two-factor/sign-in',
          { code: codeFor(secret, 2) },
          cookieHeader(replay),
        )
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await post(
          '/api/auth/two-factor/sign-in',
          { code: codeFor(secret, 1) },
          cookieHeader(replay),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('takes a recovery code once', async () => {
    const { user, codes } = await personWithTwoFactor();
    const first = await passwordStep(user);
    const used = await post(
      '/api/auth/two-factor/sign-in',
      { recoveryCode: String(codes[3]).toUpperCase() },
      cookieHeader(first),
    );
    expect(used.statusCode).toBe(200);
    expect((await get('/api/auth/two-factor', cookieHeader(used))).json().recoveryCodesLeft).toBe(
      9,
    );
    const second = await passwordStep(user);
    const again = await post(
      '/api/auth/two-factor/sign-in',
      { recoveryCode: codes[3] },
      cookieHeader(second),
    );
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe('That recovery code is not right or was used.');
  });

  it('takes a passkey of the same account, and no other', async () => {
    const { user, cookie } = await personWithTwoFactor();
    const mine = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
    const started = (await post('/api/auth/passkeys/register/options', undefined, cookie)).json();
    expect(
      (
        await post(
          '/api/auth/passkeys/register/verify',
          { challengeId: started.challengeId, response: mine.register(started.options) },
          cookie,
        )
      ).statusCode,
    ).toBe(201);
    // Someone else's passkey.
    const stranger = await createUser(t.db);
    const strangerCookie = await t.signIn(stranger);
    const theirs = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
    const s2 = (
      await post('/api/auth/passkeys/register/options', undefined, strangerCookie)
    ).json();
    await post(
      '/api/auth/passkeys/register/verify',
      { challengeId: s2.challengeId, response: theirs.register(s2.options) },
      strangerCookie,
    );

    const first = await passwordStep(user);
    expect(first.json().secondFactor.methods).toEqual(['totp', 'recovery', 'passkey']);
    const options = async () => (await post('/api/auth/passkeys/sign-in/options')).json();
    const o1 = await options();
    const wrong = await post(
      '/api/auth/two-factor/sign-in/passkey',
      { challengeId: o1.challengeId, response: theirs.authenticate(o1.options) },
      cookieHeader(first),
    );
    expect(wrong.statusCode).toBe(401);
    const o2 = await options();
    const right = await post(
      '/api/auth/two-factor/sign-in/passkey',
      { challengeId: o2.challengeId, response: mine.authenticate(o2.options) },
      cookieHeader(first),
    );
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: user.email });
  });

  it('trusts this browser for 30 days when asked', async () => {
    const { user, secret } = await personWithTwoFactor();
    const first = await passwordStep(user);
    const second = await post(
      '/api/auth/two-factor/sign-in',
      { code: codeFor(secret), trustDevice: true },
      cookieHeader(first),
    );
    const trust = second.cookies.find((c) => c.name === 'mea_device_trust');
    expect(trust).toMatchObject({ httpOnly: true, path: '/api/auth', maxAge: 30 * 24 * 60 * 60 });
    const browser = withCookies(cookieHeader(first), `mea_device_trust=${trust?.value}`);
    // The same browser: straight in.
    const later = await passwordStep(user, browser);
    expect(later.json().user).toMatchObject({ email: user.email });
    // Another browser still gets the second step, and a forged cookie changes nothing.
    expect((await passwordStep(user)).json().user).toBeNull();
    expect(
      (await passwordStep(user, `mea_device_trust=${Date.now() + 1e9}.forged`)).json().user,
    ).toBeNull();
    // After 30 days the browser is asked again.
    t.clock.advance(30 * 24 * 60 * 60_000 + 1000);
    expect((await passwordStep(user, browser)).json().user).toBeNull();
  });

  it('forgets a pending sign-in after five minutes', async () => {
    const { user, secret } = await personWithTwoFactor();
    const first = await passwordStep(user);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await post(
      '/api/auth/two-factor/sign-in',
      { code: codeFor(secret) },
      cookieHeader(first),
    );
    expect(late.statusCode).toBe(401);
    expect(late.json().error.message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('answers in the reader’s language, with the same code', async () => {
    const { user, cookie } = await personWithTwoFactor();
    const first = await passwordStep(user);
    const response = await post(
      '/api/auth/two-factor/sign-in',
      { code: '000000' },
      cookieHeader(first),
      {
        'accept-language': 'es',
      },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
    expect(response.json().error.message).toBe('Ese código no es correcto. Inténtelo de nuevo.');
    t.clock.advance(10 * 60_000 + 1000);
    const stale = await post('/api/auth/two-factor/disable', undefined, cookie, {
      'accept-language': 'es',
    });
    expect(stale.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Confirme que es usted: introduzca de nuevo su contraseña para continuar.',
      details: { reason: 'REAUTH_REQUIRED' },
    });
  });
});

describe('guessing a second factor', () => {
  it('stops after a few tries per pending sign-in, with Retry-After', async () => {
    const { user, secret } = await personWithTwoFactor();
    const first = await passwordStep(user);
    const wrong = codeFor(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < PENDING_ATTEMPTS; i += 1)
      expect(
        (await post('/api/auth/two-factor/sign-in', { code: wrong }, cookieHeader(first)))
          .statusCode,
      ).toBe(401);
    const stopped = await post(
      '/api/auth/two-factor/sign-in',
      { code: codeFor(secret) },
      cookieHeader(first),
    );
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    // A new password step opens a new pending sign-in for the owner.
    const next = await passwordStep(user);
    expect(
      (await post('/api/auth/two-factor/sign-in', { code: codeFor(secret) }, cookieHeader(next)))
        .statusCode,
    ).toBe(200);
  });

  it('cannot guess a code within the limits: the account allows ten guesses an hour, whatever the pending sign-ins', async () => {
    const { user, secret } = await personWithTwoFactor();
    const right = codeFor(secret);
    // Guesses that are certainly wrong now (none of the three accepted steps' codes).
    const accepted = new Set([codeFor(secret, -1), right, codeFor(secret, 1)]);
    const guesses = Array.from({ length: 40 }, (_, i) => String(100000 + i * 7919)).filter(
      (g) => !accepted.has(g),
    );
    let tried = 0;
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    let pending = await passwordStep(user);
    let onThisPending = 0;
    for (const guess of guesses) {
      if (onThisPending === PENDING_ATTEMPTS) {
        pending = await passwordStep(user);
        onThisPending = 0;
      }
      const response = await post(
        '/api/auth/two-factor/sign-in',
        { code: guess },
        cookieHeader(pending),
      );
      onThisPending += 1;
      if (response.statusCode === 429) {
        refused = response;
        break;
      }
      expect(response.statusCode).toBe(401);
      tried += 1;
    }
    expect(tried).toBe(ACCOUNT_ATTEMPTS);
    expect(refused?.json().error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_WINDOW_MS / 1000);
    // Even the right code waits for the window.
    const held = await passwordStep(user);
    expect(
      (await post('/api/auth/two-factor/sign-in', { code: right }, cookieHeader(held))).statusCode,
    ).toBe(429);

    // The bound: a guess matches one of the 2·window+1 codes accepted now, out of 10^6. Ten
    // guesses an hour (and the password again for every five) give a day of guessing a chance
    // under 0.1 %.
    const perGuess = (2 * TOTP_WINDOW_STEPS + 1) / 1e6;
    const perHour = ACCOUNT_ATTEMPTS * (3_600_000 / ACCOUNT_WINDOW_MS);
    const perDay = 1 - (1 - perGuess) ** (perHour * 24);
    expect(perGuess * ACCOUNT_ATTEMPTS).toBeLessThan(1e-4);
    expect(perDay).toBeLessThan(1e-3);

    // After the window the owner gets in.
    t.clock.advance(retryAfter * 1000);
    const owner = await passwordStep(user);
    expect(
      (await post('/api/auth/two-factor/sign-in', { code: codeFor(secret) }, cookieHeader(owner)))
        .statusCode,
    ).toBe(200);
  });
});

describe('re-authentication and turning it off', () => {
  it('asks for the password again after ten minutes before turning two-factor off', async () => {
    const { user, cookie, secret } = await personWithTwoFactor();
    const first = await passwordStep(user);
    const signedIn = cookieHeader(
      await post('/api/auth/two-factor/sign-in', { code: codeFor(secret) }, cookieHeader(first)),
    );
    // Just signed in with password and code: no new check needed.
    expect(
      (await post('/api/auth/two-factor/recovery-codes', undefined, signedIn)).statusCode,
    ).toBe(200);
    t.clock.advance(10 * 60_000 + 1000);
    const stale = await post('/api/auth/two-factor/disable', undefined, signedIn);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'REAUTH_REQUIRED' },
    });
    const wrong = await post('/api/auth/two-factor/reauth', { password: 'not it' }, signedIn);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields[0].field).toBe('body.password');
    const ok = await post('/api/auth/two-factor/reauth', { password: user.password }, signedIn);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      ok: true,
      validUntil: new Date(t.clock.now().getTime() + 600_000).toISOString(),
    });
    expect((await post('/api/auth/two-factor/disable', undefined, signedIn)).statusCode).toBe(200);
    // Another session of the same person was not re-checked.
    expect((await post('/api/auth/two-factor/recovery-codes', undefined, cookie)).statusCode).toBe(
      403,
    );
    // Off: the password alone signs in again.
    expect((await passwordStep(user)).json().user).toMatchObject({ email: user.email });
  });

  it('takes a passkey of the account as the re-check', async () => {
    const user = await createUser(t.db);
    const cookie = await t.signIn(user);
    const key = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
    const started = (await post('/api/auth/passkeys/register/options', undefined, cookie)).json();
    await post(
      '/api/auth/passkeys/register/verify',
      { challengeId: started.challengeId, response: key.register(started.options) },
      cookie,
    );
    t.clock.advance(11 * 60_000);
    expect((await post('/api/auth/two-factor/disable', undefined, cookie)).statusCode).toBe(403);
    const options = (await post('/api/auth/passkeys/sign-in/options')).json();
    const ok = await post(
      '/api/auth/two-factor/reauth/passkey',
      { challengeId: options.challengeId, response: key.authenticate(options.options) },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/auth/two-factor/disable', undefined, cookie)).statusCode).toBe(200);
  });
});
