import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { createSoftAuthenticator } from '../../test/soft-authenticator';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSKEY_FAILED_MESSAGE } from './passkeys.service';

let t: TestApp;
let owner: CreatedUser;
let ownerCookie: string;
let otherCookie: string;
let authenticator: ReturnType<typeof createSoftAuthenticator>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { fullName: 'Pat Key' });
  ownerCookie = await t.signIn(owner);
  otherCookie = await t.signIn(await createUser(t.db));
  authenticator = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

async function signInOptions() {
  const response = await post('/api/auth/passkeys/sign-in/options');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    challengeId: string;
    options: { challenge: string; rpId: string; timeout: number };
  };
}

describe('passkey registration', () => {
  it('is for signed-in users only', async () => {
    expect((await post('/api/auth/passkeys/register/options')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/passkeys' })).statusCode).toBe(401);
  });

  it('registers a platform passkey with user verification', async () => {
    const started = await post('/api/auth/passkeys/register/options', undefined, ownerCookie);
    const { challengeId, options } = started.json();
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'MEA Events' },
      timeout: 60000,
      authenticatorSelection: {
        residentKey: 'required',
        userVerification: 'required',
        authenticatorAttachment: 'platform',
      },
    });
    const done = await post(
      '/api/auth/passkeys/register/verify',
      { challengeId, response: authenticator.register(options), name: 'Laptop' },
      ownerCookie,
    );
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      id: authenticator.credentialId,
      name: 'Laptop',
      lastUsedAt: null,
    });

    const list = await t.app.inject({
      url: '/api/auth/passkeys',
      headers: { cookie: ownerCookie },
    });
    expect(list.json().passkeys).toHaveLength(1);
    const othersList = await t.app.inject({
      url: '/api/auth/passkeys',
      headers: { cookie: otherCookie },
    });
    expect(othersList.json().passkeys).toHaveLength(0);
  });

  it("refuses another user's registration challenge and a wrong origin", async () => {
    const { challengeId, options } = (
      await post('/api/auth/passkeys/register/options', undefined, ownerCookie)
    ).json();
    const stolen = await post(
      '/api/auth/passkeys/register/verify',
      { challengeId, response: authenticator.register(options) },
      otherCookie,
    );
    expect(stolen.statusCode).toBe(400);

    const fresh = (
      await post('/api/auth/passkeys/register/options', undefined, ownerCookie)
    ).json();
    const phished = createSoftAuthenticator({ origin: 'https://evil.example', rpId: 'localhost' });
    const wrongOrigin = await post(
      '/api/auth/passkeys/register/verify',
      { challengeId: fresh.challengeId, response: phished.register(fresh.options) },
      ownerCookie,
    );
    expect(wrongOrigin.statusCode).toBe(400);
  });
});

describe('passkey sign-in', () => {
  it('signs in with a 60 s challenge and sets the session cookie', async () => {
    const { challengeId, options } = await signInOptions();
    expect(options).toMatchObject({
      rpId: 'localhost',
      timeout: 60000,
      userVerification: 'required',
    });
    const response = await post('/api/auth/passkeys/sign-in/verify', {
      challengeId,
      response: authenticator.authenticate(options),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: owner.id, fullName: 'Pat Key' });
    expect(response.cookies.find((c) => c.name === 'mea_session')?.httpOnly).toBe(true);
  });

  it('rejects a replayed assertion', async () => {
    const { challengeId, options } = await signInOptions();
    const assertion = authenticator.authenticate(options);
    expect(
      (await post('/api/auth/passkeys/sign-in/verify', { challengeId, response: assertion }))
        .statusCode,
    ).toBe(200);
    const replay = await post('/api/auth/passkeys/sign-in/verify', {
      challengeId,
      response: assertion,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({
      message: 'Face recognition failed. Please try email and password.',
      details: { reason: 'CHALLENGE' },
    });
  });

  it('rejects a signature counter that goes backwards (a cloned authenticator)', async () => {
    const { challengeId, options } = await signInOptions();
    const stale = authenticator.authenticate(options, { counter: 1 });
    const response = await post('/api/auth/passkeys/sign-in/verify', {
      challengeId,
      response: stale,
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects an expired challenge, an unknown credential and a wrong origin', async () => {
    const expired = await signInOptions();
    t.clock.advance(91_000);
    const late = await post('/api/auth/passkeys/sign-in/verify', {
      challengeId: expired.challengeId,
      response: authenticator.authenticate(expired.options),
    });
    expect(late.json().error.details).toEqual({ reason: 'CHALLENGE' });

    const stranger = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
    const unknown = await signInOptions();
    const notRegistered = await post('/api/auth/passkeys/sign-in/verify', {
      challengeId: unknown.challengeId,
      response: stranger.authenticate(unknown.options),
    });
    expect(notRegistered.json().error.details).toEqual({ reason: 'UNKNOWN_CREDENTIAL' });

    const phish = await signInOptions();
    const wrongOrigin = await post('/api/auth/passkeys/sign-in/verify', {
      challengeId: phish.challengeId,
      response: authenticator.authenticate(phish.options, { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.json().error.details).toEqual({ reason: 'SIGNATURE' });
  });
});

describe('removing passkeys', () => {
  it("cannot remove another person's passkey, can remove one's own", async () => {
    const id = encodeURIComponent(authenticator.credentialId);
    const byOther = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${id}`,
      headers: { cookie: otherCookie },
    });
    expect(byOther.statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}` });
    expect(signedOut.statusCode).toBe(401);
    const byOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${id}`,
      headers: { cookie: ownerCookie },
    });
    expect(byOwner.statusCode).toBe(200);
    const { challengeId, options } = await signInOptions();
    const after = await post('/api/auth/passkeys/sign-in/verify', {
      challengeId,
      response: authenticator.authenticate(options),
    });
    expect(after.statusCode).toBe(401);
  });
});

// Everyone at an event may share one address (venue Wi-Fi, a carrier's NAT): passkey sign-in is
// limited per address by its failed verifications only, as password sign-in is.
describe('passkey sign-in from an address many people share', () => {
  const venue = '198.51.100.30';
  const PEOPLE = 40;
  // The auth module's per-address limit (failed sign-ins a minute) and its answer.
  const ADDRESS_FAILURES = 10;
  const TOO_MANY_FAILURES_MESSAGE =
    'Too many failed sign-ins from your network. Please wait a minute and try again.';

  const signInFrom = async (
    key: ReturnType<typeof createSoftAuthenticator>,
    remoteAddress: string,
  ) => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/sign-in/options',
      remoteAddress,
    });
    expect(started.statusCode).toBe(200);
    const { challengeId, options } = started.json();
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/sign-in/verify',
      payload: { challengeId, response: key.authenticate(options) },
      remoteAddress,
    });
  };

  it('lets 40 people in from one address within a minute, and refuses failures past 10', async () => {
    const crowd: ReturnType<typeof createSoftAuthenticator>[] = [];
    for (let i = 0; i < PEOPLE; i++) {
      // Each registered their passkey at home, from their own address.
      const cookie = await t.sessionCookie(await createUser(t.db));
      const key = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
      const home = `192.0.2.${i + 1}`;
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/register/options',
        headers: { cookie },
        remoteAddress: home,
      });
      const { challengeId, options } = started.json();
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/register/verify',
        headers: { cookie },
        payload: { challengeId, response: key.register(options) },
        remoteAddress: home,
      });
      expect(registered.statusCode).toBe(201);
      crowd.push(key);
    }

    // The app's clock stands still here, so all of it falls in one window of the limit.
    const statuses: number[] = [];
    for (const key of crowd) statuses.push((await signInFrom(key, venue)).statusCode);
    expect(statuses).toEqual(Array(PEOPLE).fill(200));

    const failed: { status: number; message: string }[] = [];
    for (let i = 0; i < 15; i++) {
      const stranger = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
      const response = await signInFrom(stranger, venue);
      failed.push({ status: response.statusCode, message: response.json().error.message });
    }
    expect(failed.slice(0, ADDRESS_FAILURES)).toEqual(
      Array(ADDRESS_FAILURES).fill({ status: 401, message: PASSKEY_FAILED_MESSAGE.message }),
    );
    expect(failed.slice(ADDRESS_FAILURES)).toEqual(
      Array(15 - ADDRESS_FAILURES).fill({ status: 429, message: TOO_MANY_FAILURES_MESSAGE }),
    );

    // Throttled, the address waits out the minute; other addresses are not held up meanwhile.
    const [first, second] = crowd;
    if (!first || !second) throw new Error('the crowd registered no passkeys');
    const during = await signInFrom(first, venue);
    expect(during.statusCode).toBe(429);
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signInFrom(second, '203.0.113.9')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await signInFrom(first, venue)).statusCode).toBe(200);
  });

  it('still stops a flood of sign-in challenges from one address', async () => {
    const flooder = '198.51.100.31';
    const statuses: number[] = [];
    for (let i = 0; i < 305; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/passkeys/sign-in/options',
        remoteAddress: flooder,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 300)).toEqual(Array(300).fill(200));
    expect(statuses.slice(300)).toEqual(Array(5).fill(429));
  });
});

describe('in the reader’s language', () => {
  it('answers an unknown passkey in German and a failed sign-in in Spanish, the codes unchanged', async () => {
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/passkeys/no-such-passkey',
      headers: { cookie: ownerCookie, 'accept-language': 'de' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Passkey nicht gefunden' },
    });
    const stranger = createSoftAuthenticator({ origin: t.config.PUBLIC_URL, rpId: 'localhost' });
    const { challengeId, options } = await signInOptions();
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/sign-in/verify',
      headers: { 'accept-language': 'es' },
      payload: { challengeId, response: stranger.authenticate(options) },
      remoteAddress: '192.0.2.77',
    });
    expect(failed.json()).toMatchObject({
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Falló el reconocimiento facial. Pruebe con su correo electrónico y contraseña.',
      },
    });
  });
});
