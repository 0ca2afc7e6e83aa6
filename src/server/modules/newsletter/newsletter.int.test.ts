import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema/events';
import { capturedMailCount, linkFrom, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });

describe('newsletter double opt-in', () => {
  it('mails a confirmation link and subscribes only after the click', async () => {
    expect((await subscribe('Fan@Example.test')).statusCode).toBe(202);
    const [mail] = await waitForCapturedMail(t.db, 'Fan@Example.test');
    const [row] = await t.db.select().from(newsletterSubscriptions);
    expect(row).toMatchObject({ email: 'fan@example.test', confirmedAt: null });

    const link = new URL(
      linkFrom(mail?.text ?? '', `${t.config.PUBLIC_URL}/api/newsletter/confirm?token=`),
    );
    const confirmed = await t.app.inject({ url: link.pathname + link.search });
    expect(confirmed.headers.location).toBe('/?newsletter=confirmed');
    const [after] = await t.db.select().from(newsletterSubscriptions);
    expect(after?.confirmedAt).not.toBeNull();
    expect((await t.app.inject({ url: link.pathname + link.search })).headers.location).toBe(
      '/?newsletter=invalid',
    );
  });

  it('re-sends at most once a minute and never to a confirmed address', async () => {
    await subscribe('again@example.test');
    await waitForCapturedMail(t.db, 'again@example.test');
    await subscribe('again@example.test');
    t.clock.advance(61_000);
    await subscribe('AGAIN@example.test');
    await waitForCapturedMail(t.db, 'again@example.test', { count: 2 });
    // Nothing more is on its way: every mail job has run.
    await t.settle();
    expect(await capturedMailCount(t.db, 'again@example.test')).toBe(2);

    t.clock.advance(61_000);
    await subscribe('fan@example.test');
    await t.settle();
    expect(await capturedMailCount(t.db, 'fan@example.test')).toBe(1);
  });

  it('names a bad email', async () => {
    const response = await subscribe('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please enter a valid email address');
  });
});
