import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { createSoftAuthenticator } from '../../test/soft-authenticator';
import { createTestApp, type TestApp } from '../../test/test-app';

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
