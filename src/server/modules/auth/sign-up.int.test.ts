import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema/users';
import { capturedMailCount, linkFrom, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  fullName: 'Nia Carter',
  email: 'nia@example.test',
  phone: '+1 555 0199',
  password: 'secret-1',
  confirmPassword: 'secret-1',
  userType: 'vendor',
  service: 'Photographer',
  referralCode: 'PROMO-abc-1700000000000',
};

const signUp = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: body,
    headers,
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
  });

describe('sign-up validation (spec §5 order, §8 texts)', () => {
  it.each([
    [{ confirmPassword: 'other', password: 'abc' }, 'confirmPassword', 'Passwords do not match'],
    [
      { password: 'abc', confirmPassword: 'abc' },
      'password',
      'Password must be at least 6 characters long',
    ],
    [
      { userType: 'venue', service: null },
      'service',
      'Please select a venue type for your venue account',
    ],
    [
      { userType: 'vendor', service: '' },
      'service',
      'Please select a service for your vendor account',
    ],
    [
      { userType: 'organizer', service: undefined },
      'service',
      'Please select a service for your organizer account',
    ],
    [
      { userType: 'attendee', service: null },
      'service',
      "Please select the type of events you're interested in attending",
    ],
    [{ userType: 'venue', service: 'DJ' }, 'service', 'Please choose one of the listed options'],
  ])('%o → %s: %s', async (change, field, message) => {
    const response = await signUp({
      ...valid,
      email: `v-${Math.random()}@example.test`,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message,
      details: { fields: [{ field, message }] },
    });
  });

  it('names every missing required field', async () => {
    const response = await signUp({ userType: 'attendee' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual([
      'fullName',
      'email',
      'phone',
      'password',
      'confirmPassword',
    ]);
  });

  it('refuses a sign-up posted from another site', async () => {
    const response = await signUp(
      { ...valid, email: 'csrf@example.test' },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(await capturedMailCount(t.db, 'csrf@example.test')).toBe(0);
  });
});

describe('sign-up, confirmation and sign-in', () => {
  it('creates an unconfirmed account with an argon2id hash and the sign-up payload', async () => {
    const response = await signUp(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, email: 'nia@example.test' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'nia@example.test'));
    expect(user?.emailConfirmedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user?.id ?? ''));
    expect(profile).toMatchObject({
      fullName: 'Nia Carter',
      phone: '+1 555 0199',
      userType: 'vendor',
      service: 'Photographer',
      referredByPromoCode: 'PROMO-abc-1700000000000',
    });
  });

  it('refuses sign-in until the email is confirmed, then confirms once through the mailed link', async () => {
    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: valid.email, password: valid.password },
      });
    expect((await signIn()).json().error.message).toBe('Email not confirmed');

    const [mail] = await waitForCapturedMail(t.db, valid.email);
    expect(mail?.subject).toBe('Confirm your email for MEA Events');
    const link = new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/api/auth/confirm?token=`),
    );

    const confirmed = await t.app.inject({ url: link.pathname + link.search });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/?account=confirmed');
    const signedIn = await signIn();
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: valid.email, userType: 'vendor' });

    const reused = await t.app.inject({ url: link.pathname + link.search });
    expect(reused.headers.location).toBe('/auth?confirm_error=used');
    const forged = await t.app.inject({ url: '/api/auth/confirm?token=not-a-real-token-at-all' });
    expect(forged.headers.location).toBe('/auth?confirm_error=invalid');
  });

  it('lets a confirmation link expire after 24 hours', async () => {
    const email = 'late@example.test';
    await signUp({ ...valid, email });
    const [mail] = await waitForCapturedMail(t.db, email);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const link = new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/api/auth/confirm?token=`),
    );
    const response = await t.app.inject({ url: link.pathname + link.search });
    expect(response.headers.location).toBe('/auth?confirm_error=expired');
  });

  it('answers a taken email exactly like a new one, creates nothing and tells the owner by mail', async () => {
    t.clock.advance(5 * 60 * 1000);
    const before = await capturedMailCount(t.db, valid.email);
    const response = await signUp({
      ...valid,
      email: 'NIA@example.test',
      fullName: 'Someone Else',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true, email: 'NIA@example.test' });
    const rows = await t.db.select().from(users).where(eq(users.email, 'NIA@example.test'));
    expect(rows).toHaveLength(0);
    const mails = await waitForCapturedMail(t.db, valid.email, { count: before + 1 });
    expect(mails[0]?.subject).toBe('You already have a MEA Events account');
  });

  it('rate-limits sign-up per client with Retry-After, and other routes stay available', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        remoteAddress: '203.0.113.50',
        payload: { userType: 'attendee' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    const health = await t.app.inject({ url: '/api/health', remoteAddress: '203.0.113.50' });
    expect(health.statusCode).toBe(200);
  });
});
