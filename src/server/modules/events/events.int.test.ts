import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let owner: CreatedUser;
let cookies: Record<'owner' | 'otherOrganizer' | 'attendee' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { userType: 'organizer', fullName: 'Marcus Bell' });
  cookies = {
    owner: await t.signIn(owner),
    otherOrganizer: await t.signIn(await createUser(t.db, { userType: 'organizer' })),
    attendee: await t.signIn(await createUser(t.db, { userType: 'attendee' })),
    admin: await t.signIn(await createUser(t.db, { userType: 'attendee', roles: ['admin'] })),
  };
});
afterAll(() => t.close());

type Who = keyof typeof cookies | 'signedOut';
const as = (who: Who) => (who === 'signedOut' ? {} : { cookie: cookies[who] });
const newEvent = {
  title: 'Oakland Jazz Night',
  description: 'An evening of jazz by the lake.',
  category: 'Music',
  startsAt: '2026-12-05T19:00:00-08:00',
  endsAt: '2026-12-05T23:00:00-08:00',
  timezone: 'America/Los_Angeles',
  venueName: 'Lakeside Hall',
  city: 'Oakland',
  country: 'USA',
  capacity: 200,
};

async function create(who: Who, body: object = newEvent) {
  return t.app.inject({ method: 'POST', url: '/api/events', headers: as(who), payload: body });
}

describe('creating events', () => {
  it('lets organizers create drafts with the derived spec §3 fields', async () => {
    const response = await create('owner');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Oakland Jazz Night',
      eventStatus: 'draft',
      date: '2026-12-05',
      time: '19:00',
      timezone: 'America/Los_Angeles',
      startsAt: '2026-12-06T03:00:00.000Z',
      location: 'Lakeside Hall, Oakland, USA',
      organizer: { id: owner.id, fullName: 'Marcus Bell' },
      accessToken: null,
    });
  });

  it.each([
    ['attendee', 403],
    ['signedOut', 401],
  ] as const)('refuses %s with %i', async (who, status) => {
    expect((await create(who)).statusCode).toBe(status);
  });

  it('names invalid fields', async () => {
    const response = await create('owner', {
      ...newEvent,
      title: ' ',
      endsAt: '2026-12-05T18:00:00-08:00',
      category: 'Bingo',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['body.title', 'body.category']));
  });

  it('requires an end after the start and a place or an online link', async () => {
    const backwards = await create('owner', { ...newEvent, endsAt: '2026-12-05T18:00:00-08:00' });
    expect(backwards.json().error.message).toBe('The event must end after it starts');
    const nowhere = await create('owner', { ...newEvent, venueName: null, city: null });
    expect(nowhere.json().error.message).toBe('Please enter where the event takes place');
    const online = await create('owner', {
      ...newEvent,
      isOnline: true,
      venueName: null,
      city: null,
    });
    expect(online.json().error.message).toBe('Please enter the link people use to join online');
  });
});

describe('access matrix for one event', () => {
  let draftId: string;
  beforeAll(async () => {
    draftId = (await create('owner')).json().id;
  });

  it.each([
    ['owner', 200],
    ['admin', 200],
    ['otherOrganizer', 404],
    ['attendee', 404],
    ['signedOut', 404],
  ] as const)('a draft is visible to %s: %i', async (who, status) => {
    expect(
      (await t.app.inject({ url: `/api/events/${draftId}`, headers: as(who) })).statusCode,
    ).toBe(status);
  });

  it.each([
    ['otherOrganizer', 404],
    ['attendee', 404],
    ['signedOut', 401],
  ] as const)('%s cannot edit a draft (%i)', async (who, status) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${draftId}`,
      headers: as(who),
      payload: { title: 'Hijacked' },
    });
    expect(response.statusCode).toBe(status);
  });

  it('owner and admin edit; others get 403 once it is public', async () => {
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${draftId}`,
      headers: as('owner'),
      payload: { title: 'Oakland Jazz & Soul Night' },
    });
    expect(edited.json().title).toBe('Oakland Jazz & Soul Night');
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/events/${draftId}/publish`,
      headers: as('owner'),
    });
    expect(published.json()).toMatchObject({
      eventStatus: 'published',
      publishedAt: expect.any(String),
    });
    const byOther = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${draftId}`,
      headers: as('otherOrganizer'),
      payload: { title: 'Hijacked' },
    });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().error.message).toBe('Only the event creator can change this event');
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${draftId}`,
      headers: as('admin'),
      payload: { capacity: 250 },
    });
    expect(byAdmin.json().capacity).toBe(250);
    const publicView = await t.app.inject({ url: `/api/events/${draftId}` });
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json().title).toBe('Oakland Jazz & Soul Night');
  });

  it('checks the edited event as a whole', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${draftId}`,
      headers: as('owner'),
      payload: { isOnline: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Please enter the link people use to join online');
  });

  it('publishing twice is a conflict, cancelling works once', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${draftId}/publish`,
          headers: as('owner'),
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${draftId}/cancel`,
          headers: as('otherOrganizer'),
        })
      ).statusCode,
    ).toBe(403);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/events/${draftId}/cancel`,
      headers: as('owner'),
    });
    expect(cancelled.json().eventStatus).toBe('cancelled');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${draftId}/cancel`,
          headers: as('owner'),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('deletes only without registrations, and only for the owner or an admin', async () => {
    const id = (await create('owner')).json().id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: as('attendee') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/events/${id}`, headers: as('owner') }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/events/${id}`, headers: as('owner') })).statusCode,
    ).toBe(404);

    const busy = await createEvent(t.db, { userId: owner.id });
    await t.db.execute(`update events set signup_count = 3 where id = '${busy.id}'`);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${busy.id}`,
      headers: as('admin'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This event has registrations or tickets sold. Cancel it instead of deleting it.',
    );
    const inGerman = await t.app.inject({
      method: 'DELETE',
      url: `/api/events/${busy.id}`,
      headers: { ...as('admin'), 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(inGerman.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message:
          'Für diese Veranstaltung gibt es Anmeldungen oder verkaufte Tickets. Sagen Sie sie ab, statt sie zu löschen.',
      },
    });
  });

  it('lists my events in every state with counters, only mine', async () => {
    const mine = await t.app.inject({ url: '/api/events/mine', headers: as('owner') });
    expect(mine.json().events.length).toBeGreaterThanOrEqual(2);
    expect(
      mine.json().events.every((e: { organizer: { id: string } }) => e.organizer.id === owner.id),
    ).toBe(true);
    const theirs = await t.app.inject({ url: '/api/events/mine', headers: as('attendee') });
    expect(theirs.json().events).toEqual([]);
    expect((await t.app.inject({ url: '/api/events/mine' })).statusCode).toBe(401);
  });
});

describe('private events', () => {
  it('are reachable only through the secret link, which only the owner sees', async () => {
    const created = await create('owner', { ...newEvent, visibility: 'private' });
    const { id, accessToken } = created.json();
    expect(accessToken).toMatch(/^[\w-]{20,}$/);
    await t.app.inject({ method: 'POST', url: `/api/events/${id}/publish`, headers: as('owner') });
    expect(
      (await t.app.inject({ url: `/api/events/${id}`, headers: as('attendee') })).statusCode,
    ).toBe(404);
    const withLink = await t.app.inject({
      url: `/api/events/${id}?access=${accessToken}`,
      headers: as('attendee'),
    });
    expect(withLink.statusCode).toBe(200);
    expect(withLink.json().accessToken).toBeNull();
    const list = await t.app.inject({ url: '/api/events?limit=100' });
    expect(list.json().events.map((e: { id: string }) => e.id)).not.toContain(id);
  });
});

describe('cover images', () => {
  it('stores three 16:9 WebP sizes and serves them', async () => {
    const id = (await create('owner')).json().id;
    const png = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#4c1d95' },
    })
      .png()
      .toBuffer();
    const boundary = '----cover';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const byOther = await t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/cover`,
      payload,
      headers: { ...headers, ...as('otherOrganizer') },
    });
    expect(byOther.statusCode).toBe(404);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/events/${id}/cover`,
      payload,
      headers: { ...headers, ...as('owner') },
    });
    expect(response.statusCode).toBe(200);
    const { coverImage } = response.json();
    for (const [size, width] of [
      ['small', 400],
      ['medium', 800],
      ['large', 1600],
    ] as const) {
      const file = await t.app.inject({ url: coverImage[size] });
      expect(file.statusCode).toBe(200);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width,
        height: (width * 9) / 16,
      });
    }
  });
});

describe('calendar file', () => {
  it('exports an .ics with UTC times and escaped text', async () => {
    const event = await createEvent(t.db, {
      userId: owner.id,
      title: 'Wine, Cheese; and More',
      startsAt: new Date('2027-01-10T18:00:00Z'),
      endsAt: new Date('2027-01-10T21:00:00Z'),
    });
    const response = await t.app.inject({ url: `/api/events/${event.id}/calendar.ics` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.body).toContain('DTSTART:20270110T180000Z');
    expect(response.body).toContain('DTEND:20270110T210000Z');
    expect(response.body).toContain('SUMMARY:Wine\\, Cheese\\; and More');
    expect(response.body).toContain(`URL:${t.config.PUBLIC_URL}/event/${event.id}`);
  });
});

describe('recurring series', () => {
  it('creates dated drafts at the same local time, owner only', async () => {
    const source = (await create('owner')).json();
    const byOther = await t.app.inject({
      method: 'POST',
      url: `/api/events/${source.id}/series`,
      headers: as('otherOrganizer'),
      payload: { frequency: 'weekly', occurrences: 3 },
    });
    expect(byOther.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/events/${source.id}/series`,
      headers: as('owner'),
      payload: { frequency: 'daily', occurrences: 99 },
    });
    expect(bad.statusCode).toBe(400);

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/events/${source.id}/series`,
      headers: as('owner'),
      payload: { frequency: 'monthly', occurrences: 3 },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().events as {
      date: string;
      time: string;
      eventStatus: string;
      startsAt: string;
      endsAt: string;
    }[];
    expect(created.map((e) => [e.date, e.time, e.eventStatus])).toEqual([
      ['2027-01-05', '19:00', 'draft'],
      ['2027-02-05', '19:00', 'draft'],
    ]);
    expect(
      new Date(created[0]?.endsAt ?? '').getTime() - new Date(created[0]?.startsAt ?? '').getTime(),
    ).toBe(4 * 60 * 60 * 1000);
  });
});
