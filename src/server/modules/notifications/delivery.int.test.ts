import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, pushSubscriptions } from '../../db/schema/notifications';
import { startFakePushService, type FakePushService } from '../../test/fake-push-service';
import { createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createNotifications } from './notifications.service';

// One notification → the in-app row, push to each browser, and an email: each channel retried on
// its own when its service fails, none of them able to lose the row.

let t: TestApp;
let push: FakePushService;
let smtp: SMTPServer;
const mails: { to: string[]; raw: string }[] = [];
const refusedOnce = new Set<string>();
let ada: CreatedUser;
let cookie: string;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The first delivery to each "flaky" address fails like a busy mail server.
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('flaky') && !refusedOnce.has(address.address)) {
        refusedOnce.add(address.address);
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  // The push service checks our VAPID key, so it starts after the app has one: make the pair here.
  const { default: webpush } = await import('web-push');
  const vapid = webpush.generateVAPIDKeys();
  push = await startFakePushService({ vapidPublicKey: vapid.publicKey });
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?tls=off`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@mea.test',
      RATE_LIMIT_MULTIPLIER: '20',
    },
    pushAgent: push.agent,
  });
  ada = await createUser(t.db, { fullName: 'Ada Obi', email: 'flaky-ada@example.test' });
  cookie = await t.signIn(ada);
});
afterAll(async () => {
  await t.close();
  await push.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const subscribe = (subscription: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie },
    payload: subscription,
  });

async function until<T>(
  find: () => T | undefined | Promise<T | undefined>,
  ms = 12_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const found = await find();
      if (found === undefined) throw new Error('not yet');
      return found;
    },
    { timeout: ms, interval: 100 },
  );
}

describe('push subscriptions', () => {
  it('upsert on (user, endpoint), list, delete; only https endpoints; signed-in only', async () => {
    const user = await createUser(t.db);
    const userCookie = await t.signIn(user);
    const call = (method: 'GET' | 'POST' | 'DELETE', payload?: object, as = userCookie) =>
      t.app.inject({
        method,
        url: '/api/push/subscriptions',
        headers: as ? { cookie: as } : {},
        ...(payload ? { payload } : {}),
      });
    const subscription = push.subscribe('ok');
    expect((await call('POST', subscription)).statusCode).toBe(204);
    expect(
      (await call('POST', { ...subscription, keys: { ...subscription.keys, auth: 'bmV3LWF1dGg' } }))
        .statusCode,
    ).toBe(204);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.auth).toBe('bmV3LWF1dGg');
    expect((await call('GET')).json()).toMatchObject({
      subscriptions: [{ endpoint: subscription.endpoint }],
    });
    expect(
      (await call('POST', { ...subscription, endpoint: 'http://push.example/x' })).statusCode,
    ).toBe(400);
    expect((await call('POST', subscription, '')).statusCode).toBe(401);
    expect((await call('DELETE', { endpoint: subscription.endpoint })).statusCode).toBe(204);
    expect((await call('GET')).json()).toEqual({ subscriptions: [] });
    const key = await t.app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(key.json()).toEqual({ key: t.config.VAPID_PUBLIC_KEY });
  });
});

describe('delivery pipeline', () => {
  it('one notification: in-app row, encrypted push to each browser (retrying the failing one, pruning the gone one), and an email retried past a refusal', async () => {
    const ok = push.subscribe('ok');
    const flaky = push.subscribe('flaky');
    const gone = push.subscribe('gone');
    for (const s of [ok, flaky, gone]) expect((await subscribe(s)).statusCode).toBe(204);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { cookie },
      payload: {
        userId: ada.id,
        type: 'payment_failed',
        title: 'Payment failed',
        message: 'Your card was declined.',
        relatedId: 'order-1',
        relatedType: 'payments',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;

    // The in-app row is there at once, whatever the other channels do.
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row?.title).toBe('Payment failed');

    const okPath = new URL(ok.endpoint).pathname;
    const flakyPath = new URL(flaky.endpoint).pathname;
    const first = await until(() => push.received.find((p) => p.path === okPath));
    expect(first.payload).toEqual({
      title: 'Payment failed',
      body: 'Your card was declined.',
      url: '/receipt?order=order-1',
      tag: id,
      notificationId: id,
    });
    expect(first.vapidSubject).toBe('mailto:ops@mea.test');
    expect(Number(first.ttl)).toBeGreaterThan(0);
    expect(push.vapidFailures).toEqual([]);

    // 503 the first time, delivered on the retry; the gone browser is forgotten.
    await until(() => push.received.find((p) => p.path === flakyPath));
    expect(push.attempts.get(flakyPath)).toBe(2);
    await until(async () => {
      const left = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, gone.endpoint));
      return left.length === 0 ? true : undefined;
    });
    expect(push.received.filter((p) => p.path === okPath)).toHaveLength(1);

    // The mail server refused the first try (451); the job retried and it arrived once.
    const mail = await until(() =>
      mails.find((m) => m.to.includes(ada.email) && m.raw.includes('Subject: Payment failed')),
    );
    expect(refusedOnce.has(ada.email)).toBe(true);
    expect(mail.raw).toContain('List-Unsubscribe:');
    expect(
      mails.filter((m) => m.to.includes(ada.email) && m.raw.includes('Subject: Payment failed')),
    ).toHaveLength(1);
  });

  it('settings decide the channels: push off and email off send nothing but keep the row', async () => {
    const user = await createUser(t.db);
    const userCookie = await t.signIn(user);
    const subscription = push.subscribe('ok');
    await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: userCookie },
      payload: subscription,
    });
    const settings = (
      await t.app.inject({
        method: 'GET',
        url: '/api/notifications/settings',
        headers: { cookie: userCookie },
      })
    ).json<{
      groups: Record<string, { inApp: boolean; email: boolean; push: boolean }>;
    }>();
    settings.groups.tickets = { inApp: true, email: false, push: false };
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: { cookie: userCookie },
      payload: settings,
    });

    await createNotifications(t.db, [
      { userId: user.id, type: 'ticket_sale', title: 'Quiet sale', message: 'Sold' },
    ]);
    // Dispatched (claimed) and every push and mail job run: a send would have arrived by now.
    await until(async () => {
      const [row] = await t.db
        .select()
        .from(notifications)
        .where(eq(notifications.title, 'Quiet sale'));
      return row?.dispatchedAt ? row : undefined;
    });
    await t.settle();
    expect(push.received.some((p) => p.path === new URL(subscription.endpoint).pathname)).toBe(
      false,
    );
    expect(mails.some((m) => m.to.includes(user.email))).toBe(false);
  });
});
