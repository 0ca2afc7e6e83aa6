import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema/users';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ADDRESS_FAILURES, TOO_MANY_FAILURES_MESSAGE } from './sign-in-throttle';

// Everyone at an event may share one address (venue Wi-Fi, a carrier's NAT): the per-address
// limit counts failed sign-ins only, so a crowd signing in gets in while guesses are refused.
let t: TestApp;
const PEOPLE = 200;
const PASSWORD = 'venue-crowd-pass';
let crowd: { id: string; email: string }[] = [];
const emailOf = (i: number) => `guest-${i}@venue.example.test`;

beforeAll(async () => {
  t = await createTestApp();
  // The cheapest argon2id the library allows: the test is about counting, and 200 full-cost
  // verifications would take most of a minute on a busy machine. Verification reads the cost
  // from the stored hash, so the server's code path is unchanged.
  const passwordHash = await hash(PASSWORD, {
    algorithm: 2,
    memoryCost: 256,
    timeCost: 1,
    parallelism: 1,
  });
  const now = t.clock.now();
  crowd = Array.from({ length: PEOPLE }, (_, i) => ({
    id: randomUUID(),
    email: emailOf(i),
  }));
  await t.db
    .insert(users)
    .values(crowd.map((u) => ({ ...u, passwordHash, emailConfirmedAt: now, createdAt: now })));
  await t.db
    .insert(profiles)
    .values(crowd.map((u, i) => ({ id: u.id, fullName: `Guest ${i}`, createdAt: now })));
}, 60_000);
afterAll(() => t.close());

const signIn = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
  });

describe('sign-in from an address many people share', () => {
  it('lets 200 people in from one address within a minute, and throttles 20 wrong passwords from it', async () => {
    const venue = '198.51.100.20';
    // The app's clock stands still here, so all of it falls in one window of the limit.
    const started = performance.now();
    const statuses: number[] = [];
    // A few at a time, as people arrive.
    for (let i = 0; i < PEOPLE; i += 4) {
      const batch = crowd.slice(i, i + 4).map((u) => signIn(u.email, PASSWORD, venue));
      statuses.push(...(await Promise.all(batch)).map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(PEOPLE);
    console.log(
      `${PEOPLE} sign-ins from one address: ${Math.round(performance.now() - started)} ms`,
    );

    const wrong: { status: number; message: string }[] = [];
    for (let i = 0; i < 20; i++) {
      // A different account each time: the per-account throttle stays out of it.
      const response = await signIn(emailOf(i), 'not-the-password', venue);
      wrong.push({ status: response.statusCode, message: response.json().error.message });
    }
    expect(wrong.slice(0, ADDRESS_FAILURES).map((w) => w.status)).toEqual(
      Array(ADDRESS_FAILURES).fill(401),
    );
    expect(wrong.slice(ADDRESS_FAILURES)).toEqual(
      Array(20 - ADDRESS_FAILURES).fill({ status: 429, message: TOO_MANY_FAILURES_MESSAGE }),
    );

    // Throttled, the address waits out the minute (it is never locked for longer) ...
    const during = await signIn(emailOf(50), PASSWORD, venue);
    expect(during.statusCode).toBe(429);
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(during.headers['retry-after'])).toBeLessThanOrEqual(60);
    // ... while people elsewhere are not affected.
    expect((await signIn(emailOf(51), PASSWORD, '198.51.100.21')).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await signIn(emailOf(50), PASSWORD, venue)).statusCode).toBe(200);
  });

  it('counts guesses sent all at once before any of them is answered', async () => {
    const from = '198.51.100.30';
    const answers = await Promise.all(
      crowd.slice(100, 130).map((u) => signIn(u.email, 'not-the-password', from)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ADDRESS_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - ADDRESS_FAILURES);
  });
});
