import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '../../../contracts/auth';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let vendor: CreatedUser;
let admin: CreatedUser;

beforeAll(async () => {
  t = await createTestApp();
  vendor = await createUser(t.db, {
    email: 'Lena@Example.test',
    fullName: 'Lena Ortiz',
    userType: 'vendor',
  });
  admin = await createUser(t.db, {
    fullName: 'Ada Admin',
    userType: 'organizer',
    roles: ['admin'],
  });
});
afterAll(() => t.close());

const session = async (cookie?: string) =>
  SessionResponseSchema.parse(
    (await t.app.inject({ url: '/api/auth/session', headers: cookie ? { cookie } : {} })).json(),
  );

describe('sessions', () => {
  it('has no user when signed out', async () => {
    expect(await session()).toEqual({ user: null });
  });

  it('signs in with any letter case of the email and sets an HttpOnly session cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'lena@example.test', password: vendor.password },
    });
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'mea_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.json().user).toMatchObject({
      id: vendor.id,
      fullName: 'Lena Ortiz',
      userType: 'vendor',
      roles: [],
    });
  });

  it('returns the signed-in user with roles, then nothing after sign-out', async () => {
    const cookie = await t.signIn(admin);
    expect((await session(cookie)).user).toMatchObject({
      id: admin.id,
      roles: ['admin'],
      userType: 'organizer',
    });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'mea_session')?.value).toBe('');
    // A switch to a team's account ends with the session.
    expect(out.cookies.find((c) => c.name === 'mea_acting_for')?.value).toBe('');
    expect(await session(cookie)).toEqual({ user: null });
  });

  it('expires sessions after 30 days', async () => {
    const cookie = await t.signIn(vendor);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect(await session(cookie)).toEqual({ user: null });
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: vendor.email, password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'ghost@example.test', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Invalid email or password' },
    });
  });

  it('refuses an unconfirmed email with the spec message', async () => {
    const pending = await createUser(t.db, { emailConfirmed: false });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: pending.email, password: pending.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      message: 'Email not confirmed',
      details: { reason: 'EMAIL_NOT_CONFIRMED' },
    });
    expect(response.cookies).toHaveLength(0);
  });

  it('names the missing fields', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields).toEqual([
      { field: 'body.email', message: 'Email is required' },
      { field: 'body.password', message: 'Password is required' },
    ]);
  });

  it('rate-limits sign-in attempts per client', async () => {
    // A different account each time: the per-account throttle (limits.int.test.ts) stays out of it.
    let n = 0;
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '203.0.113.9',
        payload: { email: `x${n++}@example.test`, password: 'bad-pass' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});
