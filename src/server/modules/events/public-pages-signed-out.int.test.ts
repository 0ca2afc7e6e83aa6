import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// /attending, /mea-attending, /mea-events and /mea-mystuff open signed out (spec §2). What they
// read signed out: the public event list and, per event, who is going. Nothing personal and
// nothing of a private or unpublished event.

let t: TestApp;
let ids: Record<'open' | 'hidden' | 'secret' | 'draft', string>;
let accessToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const organizer = await createUser(t.db, { userType: 'organizer' });
  const at = t.clock.now();
  const event = (input: Parameters<typeof createEvent>[1]) =>
    createEvent(t.db, { createdAt: at, ...input });
  const secret = await event({
    userId: organizer.id,
    title: 'Secret Garden',
    visibility: 'private',
  });
  accessToken = secret.accessToken ?? '';
  ids = {
    open: (await event({ userId: organizer.id, title: 'Open Air Jazz' })).id,
    hidden: (await event({ userId: organizer.id, title: 'Quiet Supper' })).id,
    secret: secret.id,
    draft: (await event({ userId: organizer.id, title: 'Draft Night', eventStatus: 'draft' })).id,
  };
  const organizerCookie = await t.signIn(organizer);
  for (const [id, attendeeVisibility] of [
    [ids.open, 'list'],
    [ids.hidden, 'hidden'],
  ] as const) {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/events/${id}`,
      headers: { cookie: organizerCookie },
      payload: { attendeeVisibility },
    });
    expect(patched.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

describe('the public pages signed out', () => {
  it('list public, published events only', async () => {
    const list = await t.app.inject({ url: '/api/events?limit=6' });
    expect(list.statusCode).toBe(200);
    const titles = list.json().events.map((e: { title: string }) => e.title);
    expect(titles).toEqual(expect.arrayContaining(['Open Air Jazz', 'Quiet Supper']));
    expect(titles).not.toContain('Secret Garden');
    expect(titles).not.toContain('Draft Night');
  });

  it('show who is going only as the organizer allows', async () => {
    const open = await t.app.inject({ url: `/api/events/${ids.open}/attending` });
    expect(open.json()).toEqual({ visibility: 'list', count: 0, attendees: [] });
    const hidden = await t.app.inject({ url: `/api/events/${ids.hidden}/attending` });
    expect(hidden.json()).toEqual({ visibility: 'hidden', count: null, attendees: [] });
  });

  it('never show who is going to a private or unpublished event', async () => {
    for (const id of [ids.secret, ids.draft]) {
      const response = await t.app.inject({ url: `/api/events/${id}/attending` });
      expect(response.statusCode).toBe(404);
    }
    // The secret link is the private event's access, as everywhere else.
    const withLink = await t.app.inject({
      url: `/api/events/${ids.secret}/attending?access=${accessToken}`,
    });
    expect(withLink.statusCode).toBe(200);
  });

  it('answer the personal parts only to a signed-in person', async () => {
    for (const url of ['/api/me/events', '/api/me/tickets']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
