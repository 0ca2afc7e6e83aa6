import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { linkFrom, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let user: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.db, { email: 'reset-me@example.test', fullName: 'Rae Set' });
});
afterAll(() => t.close());

const session = async (cookie: string) =>
  (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user as {
    id: string;
  } | null;
const requestReset = (email: string, remoteAddress = '192.0.2.10') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/request',
    payload: { email },
    remoteAddress,
  });
// Each call from its own address: these tests are about links, not the per-client rate limit.
let client = 100;
const reset = (payload: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    payload,
    remoteAddress: `192.0.2.${client++}`,
  });
const signIn = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password },
    remoteAddress: '192.0.2.12',
  });

async function resetToken(): Promise<string> {
  const [mail] = await waitForCapturedMail(t.db, user.email);
  return (
    new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/reset-password?token=`),
    ).searchParams.get('token') ?? ''
  );
}

describe('password reset', () => {
  it('requires an email with the spec message', async () => {
    const response = await requestReset('');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please enter your email address');
  });

  it('gives the same answer for unknown and known emails', async () => {
    const unknown = await requestReset('nobody@example.test');
    const known = await requestReset(user.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });

  it('sets the new password, ends every session, and the link works once', async () => {
    const oldSession = await t.signIn(user);
    const token = await resetToken();

    const mismatch = await reset({
      token,
      password: 'new-secret',
      confirmPassword: 'other-secret',
    });
    expect(mismatch.json().error).toMatchObject({
      message: 'Passwords do not match',
      details: { fields: [{ field: 'body.confirmPassword' }] },
    });
    const short = await reset({ token, password: 'abc', confirmPassword: 'abc' });
    expect(short.json().error.message).toBe('Password must be at least 6 characters long');

    expect(
      (await reset({ token, password: 'new-secret', confirmPassword: 'new-secret' })).statusCode,
    ).toBe(200);
    expect(await session(oldSession)).toBeNull();
    expect((await signIn(user.password)).statusCode).toBe(401);
    expect((await signIn('new-secret')).statusCode).toBe(200);

    const again = await reset({ token, password: 'third-secret', confirmPassword: 'third-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      message: 'This password reset link has already been used. Please request a new one.',
      details: { reason: 'used' },
    });
    user.password = 'new-secret';
  });

  it('sends at most one reset mail a minute per account', async () => {
    t.clock.advance(2 * 60 * 1000);
    const before = (await waitForCapturedMail(t.db, user.email)).length;
    await requestReset(user.email, '192.0.2.20');
    await waitForCapturedMail(t.db, user.email, { count: before + 1 });
    await requestReset(user.email, '192.0.2.21');
    // Every mail job has run: a second mail would be there now.
    await t.settle();
    expect((await waitForCapturedMail(t.db, user.email)).length).toBe(before + 1);
  });

  it('refuses expired and unknown links', async () => {
    t.clock.advance(2 * 60 * 1000);
    const before = (await waitForCapturedMail(t.db, user.email)).length;
    await requestReset(user.email, '192.0.2.30');
    await waitForCapturedMail(t.db, user.email, { count: before + 1 });
    const token = await resetToken();
    t.clock.advance(60 * 60 * 1000 + 1);
    expect(
      (await reset({ token, password: 'later-secret', confirmPassword: 'later-secret' })).json()
        .error.details,
    ).toEqual({ reason: 'expired' });
    expect(
      (
        await reset({
          token: 'made-up-token-123',
          password: 'later-secret',
          confirmPassword: 'later-secret',
        })
      ).json().error.details,
    ).toEqual({ reason: 'invalid' });
  });

  it('rate-limits reset requests per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await requestReset(`x${i}@example.test`, '192.0.2.99')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('password change', () => {
  it('requires the current password and ends the other sessions only', async () => {
    const kept = await t.signIn(user);
    const other = await t.signIn(user);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: kept },
      payload: { currentPassword: 'not-it', password: 'changed-1', confirmPassword: 'changed-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details.fields).toEqual([
      { field: 'currentPassword', message: 'Your current password is not correct' },
    ]);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: kept },
      payload: {
        currentPassword: user.password,
        password: 'changed-1',
        confirmPassword: 'changed-1',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(await session(kept)).toMatchObject({ id: user.id });
    expect(await session(other)).toBeNull();
  });

  it('is for signed-in users only', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: 'x', password: 'changed-2', confirmPassword: 'changed-2' },
    });
    expect(response.statusCode).toBe(401);
  });
});
