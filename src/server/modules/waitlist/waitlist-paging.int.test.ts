import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistOverview } from '../../../contracts/waitlist';
import { createEvent, createTicketType, createUser, type CreatedUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { requestAs } from '../../test/request-as';
import { must } from '../../platform/must';

// The organizer's waiting list can hold thousands of places: it is read a page at a time, with
// the search and the status filter applied by the server.

let t: TestApp;
const cookies: Record<string, string> = {};
const users: Record<string, CreatedUser> = {};
const u = (name: string) => must(users[name], name);

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['owner', 'other', 'admin']) {
    users[name] = await createUser(t.db, {
      fullName: name,
      ...(name === 'admin' ? { roles: ['admin' as const] } : { userType: 'organizer' as const }),
    });
    cookies[name] = await t.sessionCookie(u(name));
  }
});
afterAll(() => t.close());

const call = requestAs(
  () => t,
  () => cookies,
);

/** An event with two types: 70 people in line for Standing, 5 for Balcony (2 of them offered). */
async function longList() {
  const event = await createEvent(t.db, {
    userId: u('owner').id,
    title: `Harbour Nights ${randomUUID().slice(0, 6)}`,
    isFree: false,
    capacity: null,
    createdAt: t.clock.now(),
  });
  const standing = await createTicketType(t.db, { eventId: event.id, name: 'Standing' });
  const balcony = await createTicketType(t.db, { eventId: event.id, name: 'Balcony' });
  await t.db.execute(sql`
    insert into waitlist_entries (event_id, ticket_type_id, email, quantity, status, position, created_at)
    select ${event.id}, ${standing.id}, 'fan' || lpad(n::text, 3, '0') || '@example.com', 1,
      'waiting', n, now() + n * interval '1 second'
    from generate_series(1, 70) n`);
  await t.db.execute(sql`
    insert into waitlist_entries (event_id, ticket_type_id, email, quantity, status, position,
      offered_quantity, offered_at, offer_expires_at, created_at)
    select ${event.id}, ${balcony.id}, 'balcony' || n || '@example.com', 2,
      case when n <= 2 then 'offered' else 'waiting' end, 100 + n,
      case when n <= 2 then 2 end, case when n <= 2 then now() end,
      case when n <= 2 then now() + interval '1 day' end, now() + n * interval '1 second'
    from generate_series(1, 5) n`);
  return { event, standing, balcony };
}

const list = (who: string, eventId: string, query = '') =>
  call(who, 'GET', `/api/waitlist/events/${eventId}${query}`);

describe("the organizer's waiting list, a page at a time", () => {
  it('answers the owner and admins one page with the total; others are refused', async () => {
    const { event } = await longList();
    expect((await list('signedOut', event.id)).statusCode).toBe(401);
    expect((await list('other', event.id)).statusCode).toBe(403);
    expect((await list('other', event.id, '?page=2')).statusCode).toBe(403);
    expect((await list('owner', randomUUID())).statusCode).toBe(404);

    const first = (await list('owner', event.id)).json<WaitlistOverview>();
    expect(first).toMatchObject({ total: 75, page: 1, pageSize: 50 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({ email: 'fan001@example.com', position: 1 });
    // The summary still counts the whole list, not the page.
    expect(first.ticketTypes.map((type) => [type.name, type.waiting, type.offered])).toEqual([
      ['Standing', 70, 0],
      ['Balcony', 3, 2],
    ]);

    const second = await list('admin', event.id, '?page=2');
    expect(second.statusCode).toBe(200);
    const page2 = second.json<WaitlistOverview>();
    expect(page2).toMatchObject({ total: 75, page: 2, pageSize: 50 });
    expect(page2.entries.map((e) => [e.email, e.position]).slice(0, 2)).toEqual([
      ['fan051@example.com', 51],
      ['fan052@example.com', 52],
    ]);
    // Standing's last 20, then Balcony's 5 numbered from 1 in their own line.
    expect(page2.entries).toHaveLength(25);
    expect(page2.entries.at(-1)).toMatchObject({ email: 'balcony5@example.com', position: 5 });
    // Past the end: no rows, the same total.
    const past = (await list('owner', event.id, '?page=9')).json<WaitlistOverview>();
    expect(past).toMatchObject({ total: 75, page: 9, entries: [] });
  });

  it('searches and filters on the server; a found place keeps its place in line', async () => {
    const { event } = await longList();
    const found = (await list('owner', event.id, '?q=FAN06')).json<WaitlistOverview>();
    expect(found.total).toBe(10);
    expect(found.entries.map((e) => [e.email, e.position])[0]).toEqual(['fan060@example.com', 60]);
    // The type's name is searched too; a pattern's wildcards are plain text.
    expect((await list('owner', event.id, '?q=balc')).json<WaitlistOverview>().total).toBe(5);
    expect((await list('owner', event.id, '?q=%25')).json<WaitlistOverview>().total).toBe(0);
    const offered = (await list('owner', event.id, '?status=offered')).json<WaitlistOverview>();
    expect(offered.entries.map((e) => [e.email, e.status, e.position])).toEqual([
      ['balcony1@example.com', 'offered', 1],
      ['balcony2@example.com', 'offered', 2],
    ]);
    const small = (await list('owner', event.id, '?pageSize=10&page=3')).json<WaitlistOverview>();
    expect(small.entries.map((e) => e.position)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);
  });

  it('refuses a page out of bounds with the field named, never a 500', async () => {
    const { event } = await longList();
    for (const query of ['?page=0', '?pageSize=101', '?page=abc', '?status=lost']) {
      const res = await list('owner', event.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details.fields[0].field, query).toMatch(/^querystring\./);
    }
  });
});
