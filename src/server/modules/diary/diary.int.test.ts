import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryItem } from '../../../contracts/diary';
import { diaryFeeds, diaryPhotos } from '../../db/schema/diary';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';
import { multipart, png } from '../../test/uploads';
import { REMINDER_KEY, sendEventReminders } from './diary.service';

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let organizer: CreatedUser;
let admin: CreatedUser;
let eventId: string;
let eventTitle: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
  owner = await createUser(t.db, { fullName: 'Dee Diarist' });
  other = await createUser(t.db, { fullName: 'Otto Other' });
  organizer = await createUser(t.db, { userType: 'organizer', fullName: 'Orla Organizer' });
  admin = await createUser(t.db, { roles: ['admin'], fullName: 'Ada Admin' });
  for (const [name, user] of Object.entries({ owner, other, organizer, admin }))
    cookies[name] = await t.sessionCookie(user);
  const event = await createEvent(t.db, {
    userId: organizer.id,
    isFree: true,
    startsAt: new Date(t.clock.now().getTime() + 3 * 86_400_000),
  });
  await createTicketType(t.db, { eventId: event.id, priceCents: 0 });
  eventId = event.id;
  eventTitle = event.title;
  // Both the owner and the other person hold tickets for the same event.
  for (const who of ['owner', 'other'])
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${eventId}/register`,
          headers: { cookie: cookies[who] },
          payload: {},
        })
      ).statusCode,
    ).toBe(201);
}, 60_000);
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);
const diaryOf = async (who: string) =>
  (await call(who, 'GET', '/api/diary')).json<{ items: DiaryItem[] }>().items;

describe('the personal diary', () => {
  it('lists ticketed events, keeps notes, mood and photos, exports, and deletes for real', async () => {
    const [item] = await diaryOf('owner');
    expect(item).toMatchObject({ source: 'ticket', entry: null, event: { id: eventId } });
    const saved = await call('owner', 'PUT', `/api/diary/events/${eventId}`, {
      notes: 'Front row with Sam',
      mood: 'loved_it',
      rating: 5,
      tags: ['friends'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const entryId = saved.json<{ id: string }>().id;
    const photo = multipart('photo', 'stage.png', 'image/png', await png(320, 200));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/diary/entries/${entryId}/photos`,
      headers: { cookie: cookies.owner, ...photo.headers },
      payload: photo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [withEntry] = await diaryOf('owner');
    expect(withEntry?.entry).toMatchObject({
      notes: 'Front row with Sam',
      mood: 'loved_it',
      rating: 5,
      tags: ['friends'],
    });
    expect(withEntry?.entry?.photos).toHaveLength(1);
    const exported = await call('owner', 'GET', '/api/diary/export.json');
    expect(exported.headers['content-disposition']).toContain('attachment');
    expect(exported.json().items[0].entry.notes).toBe('Front row with Sam');

    const bad = await call('owner', 'PUT', `/api/diary/events/${eventId}`, { rating: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields[0].field).toBe('body.rating');

    expect((await call('owner', 'DELETE', `/api/diary/entries/${entryId}`)).statusCode).toBe(200);
    expect((await diaryOf('owner'))[0]?.entry).toBeNull();
    expect(await t.db.select().from(diaryPhotos).where(eq(diaryPhotos.entryId, entryId))).toEqual(
      [],
    );
  });

  it('is private: another attendee, the organizer, an admin and a visitor cannot read or change it', async () => {
    const saved = await call('owner', 'PUT', `/api/diary/events/${eventId}`, {
      notes: 'Private thoughts',
    });
    const entryId = saved.json<{ id: string }>().id;
    // Another ticket holder of the same event sees only their own (empty) entry.
    expect((await diaryOf('other'))[0]?.entry).toBeNull();
    for (const who of ['organizer', 'admin']) {
      const items = await diaryOf(who);
      expect(JSON.stringify(items)).not.toContain('Private thoughts');
    }
    for (const who of ['other', 'organizer', 'admin']) {
      expect((await call(who, 'DELETE', `/api/diary/entries/${entryId}`)).statusCode).toBe(404);
      const photo = multipart('photo', 'x.png', 'image/png', await png(10, 10));
      const upload = await t.app.inject({
        method: 'POST',
        url: `/api/diary/entries/${entryId}/photos`,
        headers: { cookie: cookies[who], ...photo.headers },
        payload: photo.payload,
      });
      expect(upload.statusCode).toBe(404);
    }
    // The organizer holds no ticket: no entry for their own event either.
    expect(
      (await call('organizer', 'PUT', `/api/diary/events/${eventId}`, { notes: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('signedOut', 'GET', '/api/diary')).statusCode).toBe(401);
    expect((await call('signedOut', 'DELETE', `/api/diary/entries/${entryId}`)).statusCode).toBe(
      401,
    );
    expect((await diaryOf('owner'))[0]?.entry?.notes).toBe('Private thoughts');
  });

  it('exports the calendar as .ics and serves a private feed until it is revoked', async () => {
    const ics = await call('owner', 'GET', '/api/diary/calendar.ics');
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body).toContain(`UID:${eventId}@mea-events`);
    // Only public facts: the owner's notes never leave through a calendar.
    await call('owner', 'PUT', `/api/diary/events/${eventId}`, { notes: 'Secret note' });
    expect((await call('owner', 'GET', '/api/diary/calendar.ics')).body).not.toContain('Secret');
    expect((await call('signedOut', 'GET', '/api/diary/calendar.ics')).statusCode).toBe(401);
    // The organizer's own calendar does not hold the attendee's event (no ticket).
    expect((await call('organizer', 'GET', '/api/diary/calendar.ics')).body).not.toContain(eventId);

    expect((await call('owner', 'GET', '/api/diary/feed')).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const created = await call('owner', 'POST', '/api/diary/feed');
    expect(created.statusCode).toBe(201);
    const url = new URL(created.json<{ url: string }>().url);
    // Only the secret's hash is kept.
    const [stored] = await t.db.select().from(diaryFeeds).where(eq(diaryFeeds.userId, owner.id));
    expect(url.pathname).not.toContain(stored?.tokenHash);
    const feed = await call('signedOut', 'GET', url.pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`UID:${eventId}@mea-events`);
    expect((await call('owner', 'GET', '/api/diary/feed')).json().active).toBe(true);
    expect(JSON.stringify((await call('owner', 'GET', '/api/diary/feed')).json())).not.toContain(
      'diary.ics',
    );

    // A new URL replaces the old one; revoking ends the new one too.
    const rotated = new URL((await call('owner', 'POST', '/api/diary/feed')).json().url);
    expect((await call('signedOut', 'GET', url.pathname)).statusCode).toBe(404);
    expect((await call('signedOut', 'GET', rotated.pathname)).statusCode).toBe(200);
    expect((await call('owner', 'DELETE', '/api/diary/feed')).statusCode).toBe(200);
    expect((await call('signedOut', 'GET', rotated.pathname)).statusCode).toBe(404);
    expect(
      (await call('signedOut', 'GET', '/api/diary/feed/not-a-real-secret/diary.ics')).statusCode,
    ).toBe(404);
    // Another person's feed routes touch only their own feed.
    const mine = new URL((await call('owner', 'POST', '/api/diary/feed')).json().url);
    for (const who of ['other', 'organizer', 'admin']) {
      expect((await call(who, 'GET', '/api/diary/feed')).json().active).toBe(false);
      expect((await call(who, 'DELETE', '/api/diary/feed')).statusCode).toBe(200);
    }
    expect((await call('signedOut', 'GET', mine.pathname)).statusCode).toBe(200);
    for (const method of ['GET', 'POST', 'DELETE'] as const)
      expect((await call('signedOut', method, '/api/diary/feed')).statusCode).toBe(401);
  });

  it('reminds ticket holders once, a day before the event', async () => {
    // The other holder reads Spanish: the next test reads what each one received.
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, other.id));
    const reminders = () =>
      t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(like(notifications.dedupeKey, `${REMINDER_KEY}%`));
    const start = t.clock.now();
    // Three days ahead: too early.
    await sendEventReminders({ db: t.db, clock: t.clock });
    expect(await reminders()).toEqual([]);
    t.clock.set(new Date(start.getTime() + 2 * 86_400_000 + 3_600_000));
    await sendEventReminders({ db: t.db, clock: t.clock });
    await sendEventReminders({ db: t.db, clock: t.clock });
    expect((await reminders()).map((row) => row.userId).sort()).toEqual(
      [owner.id, other.id].sort(),
    );
    t.clock.set(start);
  });

  it("writes the reminder in the holder's language and answers errors in the reader's", async () => {
    const texts = await t.db
      .select({
        userId: notifications.userId,
        title: notifications.title,
        message: notifications.message,
      })
      .from(notifications)
      .where(like(notifications.dedupeKey, `${REMINDER_KEY}%`));
    expect(texts.find((row) => row.userId === owner.id)).toMatchObject({
      title: `Coming up: ${eventTitle}`,
      message: 'Starts in about 23 hours. Your ticket is in My Tickets.',
    });
    expect(texts.find((row) => row.userId === other.id)).toMatchObject({
      title: `Próximamente: ${eventTitle}`,
      message: 'Empieza en aproximadamente 23 horas. Su entrada está en Mis entradas.',
    });
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/diary/entries/00000000-0000-4000-8000-000000000000',
      headers: { cookie: cookies.owner, 'accept-language': 'fr' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Entrée du journal introuvable' },
    });
  });
});
