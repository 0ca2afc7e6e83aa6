import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryItem } from '../../../contracts/diary';
import { diaryPhotos } from '../../db/schema/diary';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart, png } from '../../test/uploads';

let t: TestApp;
let owner: CreatedUser;
let other: CreatedUser;
let organizer: CreatedUser;
let admin: CreatedUser;
let eventId: string;
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

const call = (who: string | null, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who ? { cookie: cookies[who] } : {},
    ...(payload ? { payload } : {}),
  });
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
    expect((await call(null, 'GET', '/api/diary')).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `/api/diary/entries/${entryId}`)).statusCode).toBe(401);
    expect((await diaryOf('owner'))[0]?.entry?.notes).toBe('Private thoughts');
  });
});
