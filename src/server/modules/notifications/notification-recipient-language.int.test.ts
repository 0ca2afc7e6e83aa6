import { msg } from '@lingui/core/macro';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users';
import { startFakePushService, type FakePushService } from '../../test/fake-push-service';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { notificationCopy } from './notification-copy';
import { sqlCopy } from './notifications.queries';
import { createNotifications } from './notifications.service';

// Notifications are written in the recipient's language when they are created: the in-app list,
// the live frame, push and mail all read the same row (decision 049).

let t: TestApp;
let push: FakePushService;

beforeAll(async () => {
  const { default: webpush } = await import('web-push');
  const vapid = webpush.generateVAPIDKeys();
  push = await startFakePushService({ vapidPublicKey: vapid.publicKey });
  t = await createTestApp({
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@mea.test',
    },
    pushAgent: push.agent,
  });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

async function userSpeaking(language: string | null, fullName: string) {
  const user = await createUser(t.db, { fullName });
  await t.db.update(users).set({ language }).where(eq(users.id, user.id));
  return user;
}

describe("notifications in the recipient's language", () => {
  it("reads a Spanish speaker's test notification in Spanish, in the list and in the push", async () => {
    const user = await userSpeaking('es', 'Lucía Pérez');
    const cookie = await t.signIn(user);
    const browser = push.subscribe('ok');
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie },
      payload: browser,
    });
    expect(subscribed.statusCode).toBe(204);

    // Account notices (the test one among them) are not pushed unless the person turns it on.
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/notifications/settings',
      headers: { cookie },
    });
    const current = settings.json<{ groups: Record<string, object> }>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/settings',
      headers: { cookie },
      payload: {
        ...current,
        groups: { ...current.groups, account: { inApp: true, email: false, push: true } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/test',
      headers: { cookie },
    });
    expect(sent.statusCode).toBe(201);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie },
    });
    const items = list.json<{ items: { type: string; title: string; message: string }[] }>().items;
    expect(items.find((item) => item.type === 'test')).toMatchObject({
      title: 'Notificación de prueba',
      message: 'Las notificaciones funcionan. Así le llegará la nueva actividad.',
    });

    const path = new URL(browser.endpoint).pathname;
    const received = await vi.waitFor(
      () => {
        // The sign-in's own notice may come first; this is the test notification's push.
        const found = push.received.find(
          (p) =>
            p.path === path &&
            (p.payload as { notificationId?: string }).notificationId ===
              sent.json<{ id: string }>().id,
        );
        if (!found) throw new Error('no push yet');
        return found;
      },
      { timeout: 12_000, interval: 100 },
    );
    expect(received.payload).toMatchObject({
      title: 'Notificación de prueba',
      body: 'Las notificaciones funcionan. Así le llegará la nueva actividad.',
    });
  });

  it('writes one message in each recipient’s language, values filled in', async () => {
    const spanish = await userSpeaking('es', 'Ana Ruiz');
    const german = await userSpeaking('de', 'Jonas Weber');
    const english = await userSpeaking(null, 'Sam Lee');
    await createNotifications(
      t.db,
      [spanish, german, english].map((user) => ({
        userId: user.id,
        type: 'message' as const,
        title: (locale) => notificationCopy.message.title({ sender: 'Kofi' }, locale),
        message: msg`Test notification`,
      })),
    );
    const rows = await t.db.execute<{ user_id: string; title: string; message: string }>(
      sql`select user_id, title, message from notifications where user_id in (${spanish.id}, ${german.id}, ${english.id})`,
    );
    const byUser = new Map(
      rows.rows.map((r) => [r.user_id, { title: r.title, message: r.message }]),
    );
    expect(byUser.get(spanish.id)).toEqual({
      title: 'Nuevo mensaje de Kofi',
      message: 'Notificación de prueba',
    });
    expect(byUser.get(german.id)).toEqual({
      title: 'Neue Nachricht von Kofi',
      message: 'Testbenachrichtigung',
    });
    // English stays exactly as before.
    expect(byUser.get(english.id)).toEqual({
      title: 'New message from Kofi',
      message: 'Test notification',
    });
  });

  it("renders a SQL-written title in the recipient's language column", async () => {
    const copy = notificationCopy.message.title;
    const expression = (language: string | null) =>
      sqlCopy(copy, { sender: sql`${'Ana'}::text` }, sql`${language}::text`);
    const read = async (language: string | null) =>
      (await t.db.execute<{ text: string }>(sql`select ${expression(language)} as text`)).rows[0]
        ?.text;
    expect(await read('es')).toBe('Nuevo mensaje de Ana');
    expect(await read('ar')).toBe('رسالة جديدة من Ana');
    expect(await read(null)).toBe('New message from Ana');
    expect(await read('xx')).toBe('New message from Ana');
  });
});
