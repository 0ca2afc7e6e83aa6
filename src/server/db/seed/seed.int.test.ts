import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostDashboard } from '../../../contracts/dashboard';
import { EVENT_CATEGORIES } from '../../../contracts/enums';
import { createTestApp, type TestApp } from '../../test/test-app';
import { events } from '../schema/events';
import { profiles, users } from '../schema/users';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoImages } from './demo-covers';
import { seedDemoData } from './seed';
import { createLocalFileStore } from '../../platform/storage/local-files';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: typeof users | typeof events) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe('demo seed', () => {
  it('creates the demo accounts and a catalogue of 60+ events in every category, once', async () => {
    const first = await seedDemoData(t.db, { now: t.clock.now() });
    expect(first.created).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    const userCount = await count(users);
    const eventCount = await count(events);
    expect(eventCount).toBeGreaterThanOrEqual(60);
    const categories = await t.db.selectDistinct({ c: events.category }).from(events);
    expect(categories.map((r) => r.c).sort()).toEqual([...EVENT_CATEGORIES].sort());
    const cities = await t.db.selectDistinct({ c: events.city }).from(events);
    expect(cities.length).toBeGreaterThanOrEqual(6);

    const second = await seedDemoData(t.db, { now: t.clock.now() });
    expect(second.created).toEqual([]);
    expect(await count(users)).toBe(userCount);
    expect(await count(events)).toBe(eventCount);
  });

  it('makes demo people returning users, not brand-new ones', async () => {
    const [admin] = await t.db
      .select({ createdAt: profiles.createdAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, 'admin@mea.events'));
    expect(t.clock.now().getTime() - (admin?.createdAt.getTime() ?? 0)).toBeGreaterThan(
      5 * 60 * 1000,
    );
  });

  it('lists upcoming demo events on the home query and signs in the demo admin', async () => {
    const home = await t.app.inject({ url: '/api/events?limit=3' });
    expect(home.json().events).toHaveLength(3);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'admin@mea.events', password: 'demo-pass-2026' },
    });
    expect(signIn.json().user.roles).toEqual(['admin']);
  });

  it('puts every demo event on sale: free admission or local-currency tickets', async () => {
    const { rows } = await t.db.execute<{
      free: boolean;
      waitlisted: boolean;
      types: number;
      currencies: string[];
    }>(sql`
      select e.is_free as free, count(t.id)::int as types,
        exists (select 1 from waitlist_entries w where w.event_id = e.id) as waitlisted,
        array_agg(distinct t.currency) filter (where t.id is not null) as currencies
      from events e left join ticket_types t on t.event_id = e.id and t.kind = 'admission'
      group by e.id`);
    // Paid events have two types; the waiting list's showcase event a sold-out third
    // (waitlist.seed.ts).
    expect(rows.every((r) => r.types === (r.free ? 1 : r.waitlisted ? 3 : 2))).toBe(true);
    expect(rows.filter((r) => r.waitlisted)).toHaveLength(1);
    expect(new Set(rows.flatMap((r) => r.currencies))).toEqual(
      new Set(['USD', 'GBP', 'CAD', 'NGN', 'EUR', 'BRL']),
    );
  });

  it("sells every demo event with a country, free or paid, in its country's currency", async () => {
    const { rows } = await t.db.execute<{ country: string; currencies: string[] }>(sql`
      select e.country, array_agg(distinct e.currency) || array_agg(distinct t.currency)
        filter (where t.id is not null) as currencies
      from events e left join ticket_types t on t.event_id = e.id
      where e.metadata->>'demo' = 'true' and e.country is not null
      group by e.country order by e.country`);
    expect(rows.map((r) => [r.country, [...new Set(r.currencies)]])).toEqual([
      ['Brazil', ['BRL']],
      ['Canada', ['CAD']],
      ['Nigeria', ['NGN']],
      ['Portugal', ['EUR']],
      ['UK', ['GBP']],
      ['USA', ['USD']],
    ]);
  });

  it('gives every demo event, vendor, venue, blog post and ad a picture, stored like an upload', async () => {
    const store = createLocalFileStore(t.uploadsDir);
    expect(await seedDemoImages(t.db, store)).toBeGreaterThan(EVENT_CATEGORIES.length);
    const [missing] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(events)
      .where(sql`${events.coverImage} is null`);
    expect(missing?.n).toBe(0);
    const [one] = await t.db.select({ cover: events.coverImage }).from(events).limit(1);
    for (const size of ['small', 'medium', 'large'])
      expect((await t.app.inject({ url: `${one?.cover}-${size}.webp` })).statusCode).toBe(200);
    // Every event has files of its own: replacing one cover must not remove another's.
    const [distinct] = await t.db
      .select({ n: sql<number>`count(distinct ${events.coverImage})::int` })
      .from(events);
    const [all] = await t.db.select({ n: sql<number>`count(*)::int` }).from(events);
    expect(distinct?.n).toBe(all?.n);

    const { rows: people } = await t.db.execute<{ user_type: string; avatar: string | null }>(sql`
      select p.user_type, p.avatar_url as avatar from profiles p join users u on u.id = p.id
      where p.user_type in ('vendor', 'venue')`);
    expect(people.length).toBeGreaterThan(0);
    expect(people.filter((p) => !p.avatar)).toEqual([]);
    const avatar = people[0]?.avatar ?? '';
    expect((await t.app.inject({ url: avatar })).headers['content-type']).toBe('image/webp');
    const { rows: galleries } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from vendor_profiles where jsonb_array_length(gallery) = 0`);
    expect(galleries[0]?.n).toBe(0);
    const { rows: posts } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from blog_posts where cover_image is null`);
    expect(posts[0]?.n).toBe(0);
    const { rows: ads } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from promo_campaigns where image_url is null`);
    expect(ads[0]?.n).toBe(0);

    // A second start finds nothing left to do.
    expect(await seedDemoImages(t.db, store)).toBe(0);
  }, 120_000);
  it("shows the demo organizer's paid sales on their dashboard: revenue and a month of bars", async () => {
    const [organizer] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'organizer@mea.events'));
    if (!organizer) throw new Error('no demo organizer');
    const response = await t.app.inject({
      url: '/api/dashboard/host',
      headers: { cookie: await t.sessionCookie(organizer) },
    });
    expect(response.statusCode).toBe(200);
    const { upcoming, sales } = response.json<HostDashboard>();
    const revenueOf = (title: string) => upcoming.events.find((e) => e.title === title)?.revenue;
    expect(revenueOf('Summer Soul Festival')).toEqual([{ currency: 'USD', cents: 62_000 }]);
    expect(revenueOf('Sunset Comedy & Supper Club')).toEqual([{ currency: 'USD', cents: 23_500 }]);
    expect(sales.revenue).toEqual([{ currency: 'USD', cents: 85_500 }]);
    expect(sales.days.filter((d) => d.revenue.some((r) => r.cents > 0))).toHaveLength(10);
  });

  it('seeds vendors across service types and applications on an event with a vendor fee', async () => {
    const directory = (await t.app.inject({ url: '/api/vendors?pageSize=60' })).json<{
      vendors: { displayName: string; displayCategory: string }[];
    }>();
    expect(directory.vendors.length).toBeGreaterThanOrEqual(6);
    expect(new Set(directory.vendors.map((v) => v.displayCategory)).size).toBeGreaterThanOrEqual(5);
    // A vendor without a business name shows the full name (spec §2 fallback).
    expect(directory.vendors.map((v) => v.displayName)).toContain('Grace Kim');
    const opportunities = (await t.app.inject({ url: '/api/vendor-opportunities' })).json<{
      events: { eventId: string; vendorFee: number }[];
    }>();
    const feeEvent = opportunities.events.find((e) => e.vendorFee === 50);
    expect(feeEvent).toBeDefined();
    const requests = await t.db.execute<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from vendor_requests
      where event_id = ${feeEvent?.eventId} group by status order by status`);
    expect(requests.rows).toEqual([
      { status: 'pending', n: 2 },
      { status: 'approved', n: 1 },
    ]);
  });
});
