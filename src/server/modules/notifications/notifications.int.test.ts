import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Notification,
  NotificationList,
  NotificationSettings,
} from '../../../contracts/notifications';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { capturedMailCount, waitForCapturedMail } from '../../test/mail';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';
import { givePlan } from '../../test/plans';

let t: TestApp;
let ada: CreatedUser;
let ben: CreatedUser;
let cookies: Record<'ada' | 'ben' | 'admin' | 'organizer' | 'otherOrganizer', string>;
let organizer: CreatedUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '20' } });
  ada = await createUser(t.db, { fullName: 'Ada Obi' });
  ben = await createUser(t.db, { fullName: 'Ben Cole' });
  organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  // Announcements need a plan with messaging (spec §6; subscriptions.int.test covers the gate).
  await givePlan(t.db, organizer.id);
  cookies = {
    ada: await t.signIn(ada),
    ben: await t.signIn(ben),
    admin: await t.signIn(await createUser(t.db, { roles: ['admin'] })),
    organizer: await t.signIn(organizer),
    otherOrganizer: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
  };
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

const notify = (userId: string, extra: object = {}) =>
  call('admin', 'POST', '/api/notifications', {
    userId,
    type: 'ticket_sale',
    title: 'Ticket sold',
    message: 'Someone bought a ticket to Lagos Jazz Brunch.',
    relatedId: '00000000-0000-4000-8000-000000000001',
    relatedType: 'events',
    ...extra,
  });

describe('notifications API', () => {
  it('signing in leaves a signin notification naming the device', async () => {
    const cookie = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' },
        payload: { email: ben.email, password: ben.password },
      })
    ).headers['set-cookie'];
    expect(cookie).toBeTruthy();
    const list = (
      await call('ben', 'GET', '/api/notifications?type=signin')
    ).json<NotificationList>();
    expect(list.items.map((n) => [n.title, n.message])).toContainEqual([
      'New sign-in',
      'You signed in from Chrome on Linux.',
    ]);
  });

  it('lists newest first with the unread count and a link to the related page; pages by cursor', async () => {
    const user = await createUser(t.db);
    const cookie = await t.signIn(user);
    for (const title of ['First', 'Second', 'Third']) {
      t.clock.advance(1000);
      expect((await notify(user.id, { title })).statusCode).toBe(201);
    }
    const get = (url: string) =>
      t.app
        .inject({ method: 'GET', url, headers: { cookie } })
        .then((r) => r.json<NotificationList>());
    const page1 = await get('/api/notifications?limit=2&type=ticket_sale');
    expect(page1.items.map((n) => n.title)).toEqual(['Third', 'Second']);
    expect(page1.items[0]?.link).toBe('/event/00000000-0000-4000-8000-000000000001');
    expect(page1.unreadCount).toBe(4); // three plus the sign-in
    const page2 = await get(
      `/api/notifications?limit=2&type=ticket_sale&before=${encodeURIComponent(page1.nextCursor ?? '')}`,
    );
    expect(page2.items.map((n) => n.title)).toEqual(['First']);
    expect(page2.nextCursor).toBeNull();
    expect((await get('/api/notifications?group=tickets')).items).toHaveLength(3);
    expect((await get('/api/notifications?group=account')).items.map((n) => n.type)).toEqual([
      'signin',
    ]);
  });

  it('marks one read (only your own: another user gets 404) and all read; counts follow', async () => {
    const created = (await notify(ada.id)).json<Notification>();
    expect((await call('ben', 'POST', `/api/notifications/${created.id}/read`)).statusCode).toBe(
      404,
    );
    expect((await call('admin', 'POST', `/api/notifications/${created.id}/read`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('signedOut', 'POST', `/api/notifications/${created.id}/read`)).statusCode,
    ).toBe(401);
    expect((await call('ada', 'POST', '/api/notifications/not-a-uuid/read')).statusCode).toBe(404);
    expect(
      (await call('ben', 'GET', '/api/notifications'))
        .json<NotificationList>()
        .items.some((n) => n.id === created.id),
    ).toBe(false);

    const before = (await call('ada', 'GET', '/api/notifications/unread-count')).json<{
      count: number;
    }>().count;
    const read = await call('ada', 'POST', `/api/notifications/${created.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Notification>()).toMatchObject({ id: created.id, read: true });
    expect(read.json<Notification>().seq).toBeGreaterThan(created.seq);
    expect(
      (await call('ada', 'GET', '/api/notifications/unread-count')).json<{ count: number }>().count,
    ).toBe(before - 1);

    await notify(ada.id, {
      type: 'message',
      relatedType: 'messages',
      metadata: { sender_id: ben.id, sender_name: 'Ben Cole' },
    });
    expect(
      (await call('ada', 'GET', '/api/notifications/unread-count?type=message')).json<{
        count: number;
      }>().count,
    ).toBe(1);
    expect(
      (await call('ada', 'POST', '/api/notifications/read-all', { type: 'message' })).json(),
    ).toEqual({ updated: 1 });
    expect(
      (await call('ada', 'GET', '/api/notifications/unread-count?type=message')).json<{
        count: number;
      }>().count,
    ).toBe(0);
    const all = await call('ada', 'POST', '/api/notifications/read-all');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<{ updated: number }>().updated).toBeGreaterThan(0);
    expect(
      (await call('ada', 'GET', '/api/notifications/unread-count')).json<{ count: number }>().count,
    ).toBe(0);
  });

  it('create_notification: admins for anyone, others only for themselves; metadata as object or JSON string', async () => {
    const own = await call('ben', 'POST', '/api/notifications', {
      userId: ben.id,
      type: 'message',
      title: 'Note to self',
      message: 'Bring the speakers',
      relatedType: 'messages',
      metadata: JSON.stringify({ sender_id: ada.id, sender_name: 'Ada Obi' }),
    });
    expect(own.statusCode).toBe(201);
    expect(own.json<Notification>()).toMatchObject({
      metadata: { sender_id: ada.id, sender_name: 'Ada Obi' },
      link: `/messages?chat=${ada.id}&name=Ada%20Obi`,
    });
    // The app makes the id, time-ordered (uuid7.ts), rather than the database's random default.
    expect(own.json<Notification>().id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    const forOther = await call('ben', 'POST', '/api/notifications', {
      userId: ada.id,
      type: 'message',
      title: 'x',
      message: 'y',
    });
    expect(forOther.statusCode).toBe(403);
    const badMetadata = await call('ben', 'POST', '/api/notifications', {
      userId: ben.id,
      type: 'message',
      title: 'x',
      message: 'y',
      metadata: '[1,2',
    });
    expect(badMetadata.statusCode).toBe(400);
    expect(badMetadata.body).toContain('Metadata must be an object or a JSON string of an object');
    const badType = await call('ben', 'POST', '/api/notifications', {
      userId: ben.id,
      type: 'nonsense',
      title: 'x',
      message: 'y',
    });
    expect(badType.statusCode).toBe(400);
    expect(
      (
        await call('admin', 'POST', '/api/notifications', {
          userId: '00000000-0000-4000-8000-000000000000',
          type: 'test',
          title: 'x',
          message: 'y',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('signedOut', 'POST', '/api/notifications/test')).statusCode).toBe(401);
    expect(
      (await call('ben', 'POST', '/api/notifications/test')).json<Notification>(),
    ).toMatchObject({ type: 'test', title: 'Test notification', userId: ben.id });
  });

  it("deleting a user deletes their notifications and nobody else's (a trigger, not a foreign key)", async () => {
    const leaving = await createUser(t.db, { fullName: 'Lee Ving' });
    expect((await notify(leaving.id)).statusCode).toBe(201);
    expect((await notify(ada.id)).statusCode).toBe(201);
    const count = async (userId: string) =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from notifications where user_id = ${userId}`,
        )
      ).rows[0]?.n;
    const adaBefore = await count(ada.id);
    await t.db.execute(sql`delete from users where id = ${leaving.id}`);
    expect(await count(leaving.id)).toBe(0);
    expect(await count(ada.id)).toBe(adaBefore);
  });
});

describe('settings and email', () => {
  it('start from the defaults, save, and refuse an unknown time zone', async () => {
    const settings = (
      await call('ada', 'GET', '/api/notifications/settings')
    ).json<NotificationSettings>();
    expect(settings.groups.messages).toEqual({ inApp: true, email: false, push: true });
    expect(settings.quietHours).toBeNull();
    const changed = {
      ...settings,
      quietHours: { start: 1320, end: 420 },
      timeZone: 'Africa/Lagos',
      sound: false,
    };
    expect((await call('ada', 'PUT', '/api/notifications/settings', changed)).json()).toEqual(
      changed,
    );
    expect((await call('ada', 'GET', '/api/notifications/settings')).json()).toEqual(changed);
    expect(
      (await call('ben', 'GET', '/api/notifications/settings')).json<NotificationSettings>().sound,
    ).toBe(true);
    const bad = await call('ada', 'PUT', '/api/notifications/settings', {
      ...changed,
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { details: { fields: [{ field: 'timeZone' }] } } });
    expect((await call('signedOut', 'GET', '/api/notifications/settings')).statusCode).toBe(401);
  });

  it('a notification is emailed per settings, with a working unsubscribe link, and never twice', async () => {
    const user = await createUser(t.db, { fullName: 'Chidi Okafor' });
    await notify(user.id, {
      title: 'Your ticket sold',
      message: 'One ticket to Lagos Jazz Brunch sold.',
    });
    const [mail] = await waitForCapturedMail(t.db, user.email);
    expect(mail?.subject).toBe('Your ticket sold');
    expect(mail?.text).toContain('Hi Chidi Okafor,');
    expect(mail?.text).toContain(
      `${t.config.PUBLIC_URL}/event/00000000-0000-4000-8000-000000000001`,
    );
    const token = /unsubscribe=([\w.-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();

    // A message notification is not mailed (messages mail is off by default).
    await notify(user.id, { type: 'message', relatedType: 'messages', title: 'New message' });
    const unsubscribed = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token },
    });
    expect(unsubscribed.json()).toEqual({
      group: 'tickets',
      label: 'Tickets, registrations and payments',
    });
    await notify(user.id, { title: 'Another sale' });
    // Read by the hub, dispatched, and every mail job run: a mail would be there now.
    await t.settle();
    expect(await capturedMailCount(t.db, user.email)).toBe(1);

    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: `${token}x` },
    });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain('This unsubscribe link is not valid');
  });

  it('send-notification-email: yourself or anyone as admin, honouring their settings', async () => {
    const user = await createUser(t.db);
    const cookie = await t.signIn(user);
    const body = {
      user_id: user.id,
      notification_title: 'Payment failed',
      notification_message: 'Try another card',
      notification_type: 'payment_failed',
    };
    expect((await call('ben', 'POST', '/api/notifications/email', body)).statusCode).toBe(403);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/email',
      headers: { cookie },
      payload: body,
    });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ queued: true });
    const [mail] = await waitForCapturedMail(t.db, user.email);
    expect(mail?.subject).toBe('Payment failed');
    const off = await call('admin', 'POST', '/api/notifications/email', {
      ...body,
      notification_type: 'message',
    });
    expect(off.json()).toEqual({ queued: false });
  });
});

describe('organizer announcements (send-event-notification)', () => {
  it('owner or admin only; previews with the recipient count; emails each attendee once; 5 per hour', async () => {
    const event = await createEvent(t.db, {
      userId: organizer.id,
      title: 'Harbor Lights Festival',
      createdAt: t.clock.now(),
    });
    await createTicketType(t.db, { eventId: event.id, priceCents: 0, quantity: 50 });
    const attendees = await Promise.all([createUser(t.db), createUser(t.db)]);
    for (const attendee of attendees) {
      const registered = await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/register`,
        headers: { cookie: await t.signIn(attendee) },
        payload: {},
      });
      expect(registered.statusCode).toBe(201);
    }
    const input = {
      subject: 'Doors open at 7',
      message: 'Bring your ticket QR code.',
      sendEmailNotification: true,
      sendPushNotification: false,
    };
    const url = `/api/events/${event.id}/announcements`;
    expect((await call('otherOrganizer', 'POST', url, input)).statusCode).toBe(403);
    expect((await call('ada', 'POST', `${url}/preview`, input)).statusCode).toBe(403);
    expect((await call('signedOut', 'POST', url, input)).statusCode).toBe(401);
    const invalid = await call('organizer', 'POST', url, {
      subject: '',
      message: '',
      sendEmailNotification: false,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: {
        details: {
          fields: [
            { field: 'body.subject', message: 'Please enter a subject' },
            { field: 'body.message', message: 'Please enter a message' },
            { field: 'body.sendEmailNotification', message: 'Choose push, email or both' },
          ],
        },
      },
    });

    const preview = (await call('organizer', 'POST', `${url}/preview`, input)).json<{
      recipients: number;
      html: string;
    }>();
    expect(preview.recipients).toBe(2);
    expect(preview.html).toContain('Bring your ticket QR code.');

    const sent = await call('organizer', 'POST', url, input);
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ recipients: 2, emailed: 2, pushed: 0 });
    for (const attendee of attendees) {
      // Their ticket mail and the announcement.
      const mails = await waitForCapturedMail(t.db, attendee.email, { count: 2 });
      const mail = mails.find((m) => m.subject === 'Doors open at 7');
      expect(mail?.text).toContain('A message from the organizer of Harbor Lights Festival:');
    }
    expect((await call('admin', 'POST', url, input)).statusCode).toBe(201);
    for (let i = 0; i < 3; i++)
      expect((await call('organizer', 'POST', url, input)).statusCode).toBe(201);
    const limited = await call('organizer', 'POST', url, input);
    expect(limited.statusCode).toBe(429);
    t.clock.advance(61 * 60 * 1000);
    expect((await call('organizer', 'POST', url, input)).statusCode).toBe(201);
  });
});
