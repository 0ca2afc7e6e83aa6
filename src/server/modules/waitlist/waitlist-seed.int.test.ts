import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistOverview, WaitlistPlace } from '../../../contracts/waitlist';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { demoOrganizerNextPaidEvent } from '../../db/seed/demo-organizer-event';
import { seedDemoData } from '../../db/seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';

// `npm start` shows a waiting list with an offer: the organizer's list and the attendee's place.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const cookieOf = async (key: 'organizer' | 'attendee') => {
  const [user] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount(key).email));
  if (!user) throw new Error(`no demo ${key}`);
  return t.sessionCookie(user);
};

describe('the waiting-list demo seed', () => {
  it('gives the demo organizer a sold-out type with an offer and three people waiting, once', async () => {
    await seedDemoData(t.db, { now: t.clock.now() });
    await seedDemoData(t.db, { now: t.clock.now() });
    const event = await demoOrganizerNextPaidEvent(t.db, t.clock.now());
    if (!event) throw new Error('no demo paid event');
    const types = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ticket_types where event_id = ${event.id} and name = 'Front row'`,
    );
    expect(types.rows[0]?.n).toBe(1);
    const organizer = await cookieOf('organizer');
    const list = (
      await t.app.inject({
        url: `/api/waitlist/events/${event.id}`,
        headers: { cookie: organizer },
      })
    ).json<WaitlistOverview>();
    expect(list.entries.map((e) => [e.position, e.status])).toEqual([
      [1, 'offered'],
      [2, 'waiting'],
      [3, 'waiting'],
      [4, 'waiting'],
    ]);
    expect(list.ticketTypes.find((type) => type.name === 'Front row')).toMatchObject({
      remaining: 0,
      waiting: 3,
      offered: 1,
    });
    const attendee = await cookieOf('attendee');
    const mine = (
      await t.app.inject({ url: '/api/waitlist/mine', headers: { cookie: attendee } })
    ).json<{ places: WaitlistPlace[] }>();
    expect(mine.places).toEqual([
      expect.objectContaining({
        status: 'offered',
        offeredQuantity: 2,
        ticketTypeName: 'Front row',
      }),
    ]);
    expect(new Date(mine.places[0]?.offerExpiresAt ?? 0).getTime()).toBeGreaterThan(
      t.clock.now().getTime(),
    );
  });
});
