import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../db/client';
import { hitCounter } from '../../platform/http/rate-limits';
import { createUser } from '../../test/factories';
import { capturedMailCount, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FREE_ATTEMPTS, KNOWN_DEVICE_COOKIE, TOO_MANY_ATTEMPTS_MESSAGE } from './sign-in-throttle';

// Limits that must hold whatever the path a request takes and however many server processes
// share the load: a limit kept per process would multiply by the number of processes. Two apps
// on one database play two processes.
let a: TestApp;
let b: TestApp;
let lockHolder: DatabaseHandle;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ shareDatabaseOf: a });
  lockHolder = connectDatabase(a.databaseUrl, { max: 1 });
});
afterAll(async () => {
  await lockHolder?.close();
  await b?.close();
  await a?.close();
});

let address = 1;
const nextAddress = () => `203.0.113.${address++ % 250}`;
const post = (app: TestApp, url: string, payload: object, remoteAddress = nextAddress()) =>
  app.app.inject({ method: 'POST', url, payload, remoteAddress });
/** Both processes idle: every mail job queued by either has run. */
const settleMail = () => Promise.all([a.settle(), b.settle()]);
const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1] ?? 0;

describe('one mail of a kind per account per minute, whatever the path', () => {
  it('ten resend and sign-up calls for a confirmed address, from ten addresses and both processes, send one mail', async () => {
    const user = await createUser(a.db);
    const calls = Array.from({ length: 10 }, (_, i) =>
      i % 3 === 0
        ? post(i % 2 ? a : b, '/api/auth/sign-up', {
            email: user.email,
            password: 'someone-else-1',
            confirmPassword: 'someone-else-1',
            fullName: 'Some One',
            phone: '+1 555 0199',
            userType: 'vendor',
            service: 'Photographer',
          })
        : post(i % 2 ? a : b, '/api/auth/resend-confirmation', { email: user.email }),
    );
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    await waitForCapturedMail(a.db, user.email);
    await settleMail();
    const mails = await waitForCapturedMail(a.db, user.email);
    expect(mails.map((m) => `${m.subject} ${m.createdAt.toISOString()}`)).toHaveLength(1);

    // A minute later the next one may go.
    a.clock.advance(61_000);
    b.clock.advance(61_000);
    await post(b, '/api/auth/resend-confirmation', { email: user.email });
    await waitForCapturedMail(a.db, user.email, { count: 2 });
  });

  it('password reset requests from many addresses send one reset mail a minute', async () => {
    const user = await createUser(a.db);
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(i % 2 ? a : b, '/api/auth/password-reset/request', { email: user.email }),
      ),
    );
    await waitForCapturedMail(a.db, user.email);
    await settleMail();
    expect(await capturedMailCount(a.db, user.email)).toBe(1);
  });
});

describe('per-account sign-in throttle', () => {
  it('slows guesses at one account from many addresses on both processes; never locks the owner out', async () => {
    const owner = await createUser(a.db);
    // The owner signed in on their own browser before: it carries the known-device cookie.
    const first = await post(a, '/api/auth/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === KNOWN_DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true });

    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(i % 2 ? a : b, '/api/auth/sign-in', {
          email: owner.email.toUpperCase(),
          password: `guess-${i}-wrong`,
        }),
      ),
    );
    const statuses = guesses.map((g) => g.statusCode);
    // FREE_ATTEMPTS and then one per pace window got to the password check; the rest waited.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(FREE_ATTEMPTS + 1);
    const refused = guesses.filter((g) => g.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(40 - FREE_ATTEMPTS - 1);
    for (const response of refused) {
      expect(response.json().error.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
    }

    // The right password from a new browser waits too (the throttle cannot tell who types it)…
    const stranger = await post(b, '/api/auth/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect(stranger.statusCode).toBe(429);
    // …but the owner's known browser goes straight in,
    const known = await b.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: owner.email, password: owner.password },
      remoteAddress: nextAddress(),
      cookies: { [KNOWN_DEVICE_COOKIE]: device?.value ?? '' },
    });
    expect(known.statusCode).toBe(200);
    // and a success starts the count over, for every browser.
    const after = await post(a, '/api/auth/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect(after.statusCode).toBe(200);
  });

  it('a paced account lets the next attempt through once its wait is over', async () => {
    const owner = await createUser(a.db);
    for (let i = 0; i < FREE_ATTEMPTS + 1; i++) {
      await post(a, '/api/auth/sign-in', { email: owner.email, password: 'wrong-password-1' });
    }
    const waiting = await post(b, '/api/auth/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect(waiting.statusCode).toBe(429);
    const wait = Number(waiting.headers['retry-after']) * 1000;
    a.clock.advance(wait);
    b.clock.advance(wait);
    const later = await post(b, '/api/auth/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect(later.statusCode).toBe(200);
  });

  it('a forged known-device cookie changes nothing', async () => {
    const owner = await createUser(a.db);
    for (let i = 0; i < FREE_ATTEMPTS + 2; i++) {
      await post(a, '/api/auth/sign-in', { email: owner.email, password: 'wrong-password-2' });
    }
    const forged = await a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: owner.email, password: 'wrong-password-3' },
      remoteAddress: nextAddress(),
      cookies: { [KNOWN_DEVICE_COOKIE]: 'A'.repeat(24) },
    });
    expect(forged.statusCode).toBe(429);
  });
});

describe('per-address limits hold across processes', () => {
  it('sign-in attempts from one address count together on both processes', async () => {
    const from = '198.18.0.7';
    const answers = [];
    // The limit is 10 a minute per address; each process alone would allow 10.
    for (let i = 0; i < 12; i++) {
      const response = await post(
        i % 2 ? a : b,
        '/api/auth/sign-in',
        { email: `nobody-${i}@example.test`, password: 'not-it-1' },
        from,
      );
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
  });

  it('password reset requests from one address count together on both processes', async () => {
    const from = '198.18.0.8';
    const answers = [];
    for (let i = 0; i < 6; i++) {
      const response = await post(
        i % 2 ? a : b,
        '/api/auth/password-reset/request',
        { email: `nobody-${i}@example.test` },
        from,
      );
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('what the shared counter adds to a sign-in (printed; the median of 200 counts)', async () => {
    const times: number[] = [];
    const ping: number[] = [];
    for (let i = 0; i < 200; i++) {
      let started = performance.now();
      await hitCounter(a.db, { key: `bench:${i % 10}`, windowMs: 60_000, now: new Date() });
      times.push(performance.now() - started);
      started = performance.now();
      await a.db.execute(sql`select 1`);
      ping.push(performance.now() - started);
    }
    const signIns: number[] = [];
    const user = await createUser(a.db);
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const response = await post(a, '/api/auth/sign-in', {
        email: user.email,
        password: user.password,
      });
      signIns.push(performance.now() - started);
      expect(response.statusCode).toBe(200);
    }
    console.log(
      `shared rate-limit counter: median ${median(times).toFixed(2)} ms per count ` +
        `(select 1: ${median(ping).toFixed(2)} ms); a sign-in makes 3 such statements ` +
        `(address, account, clear); median sign-in ${median(signIns).toFixed(1)} ms`,
    );
    expect(median(times)).toBeLessThan(50);
  });
});

describe('smaller items', () => {
  it('a reset request answers without waiting for the mail work, known account or not', async () => {
    const user = await createUser(a.db);
    // Hold the account's mail counter row: the mail work for this account cannot finish.
    await hitCounter(a.db, {
      key: `mail:password_reset:${user.id}`,
      windowMs: 1,
      now: new Date(0),
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = lockHolder.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from rate_limit_counters where key = ${`mail:password_reset:${user.id}`} for update`,
      );
      locked();
      await held;
    });
    await isLocked;
    try {
      const started = performance.now();
      const known = await post(a, '/api/auth/password-reset/request', { email: user.email });
      const knownMs = performance.now() - started;
      expect(known.statusCode).toBe(200);
      expect(knownMs).toBeLessThan(1000);
    } finally {
      release();
      await holder;
    }
    await waitForCapturedMail(a.db, user.email);

    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      for (const [email, times] of [
        [user.email, knownTimes],
        [`nobody-${i}@example.test`, unknownTimes],
      ] as const) {
        const started = performance.now();
        await post(a, '/api/auth/password-reset/request', { email });
        times.push(performance.now() - started);
      }
    }
    console.log(
      `reset request median: known ${median(knownTimes).toFixed(2)} ms, ` +
        `unknown ${median(unknownTimes).toFixed(2)} ms`,
    );
  });

  it('signed-in JSON answers are never stored by a cache', async () => {
    const user = await createUser(a.db);
    const cookie = await a.signIn(user);
    for (const url of ['/api/notifications', '/api/auth/role', '/api/profile']) {
      const response = await a.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // A route's own choice stands (the public site settings are cacheable for everyone).
    const site = await a.app.inject({ url: '/api/site', headers: { cookie } });
    expect(site.headers['cache-control']).toBe('public, max-age=300');
  });
});
