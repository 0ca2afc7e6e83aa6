import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { must } from '../../platform/must';
import { createEvent, createTicketType, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { DbExecutor } from '../../db/client';
import { analyticsBreakdowns, breakdownParts, overviewFigures } from './analytics.queries';
import { analytics, heldLinesReady, refreshAnalyticsRollup } from './analytics.service';

// The analytics rollup (decision 020): the overview and analytics read whole past
// days from the daily rollup and the rest from the orders. Whatever the rollup holds, the figures
// must be the ones the orders alone give.

let t: TestApp;
const NOW = new Date('2026-11-21T15:30:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const organizer = await createUser(t.db, { userType: 'organizer' });
  const buyer = await createUser(t.db);
  const events = [
    await createEvent(t.db, { userId: organizer.id, title: 'Rollup Gala', category: 'Gala' }),
    await createEvent(t.db, { userId: organizer.id, title: 'Rollup Fair', category: 'Food' }),
  ];
  const types = [
    await createTicketType(t.db, { eventId: must(events[0], 'event 0').id, priceCents: 1500 }),
    await createTicketType(t.db, { eventId: must(events[1], 'event 1').id, priceCents: 700 }),
  ];
  // 400 orders over the last 200 days (two currencies, every status), some at day boundaries and
  // some this very day, so every period has partial days at both ends and whole days between.
  const statuses = ['paid', 'paid', 'refunded', 'partially_refunded', 'expired', 'pending'];
  const orders = Array.from({ length: 400 }, (_, i) => {
    const k = i % 2;
    const paidAt =
      i % 50 === 0
        ? new Date(Math.floor(NOW.getTime() / DAY) * DAY - (i / 50) * DAY) // exactly midnight
        : new Date(NOW.getTime() - ((i * 37) % 200) * DAY - ((i * 7919) % DAY));
    const status = must(statuses[i % statuses.length], 'status');
    const quantity = 1 + (i % 3);
    const price = k ? 700 : 1500;
    return {
      id: randomUUID(),
      status,
      currency: i % 5 === 0 ? 'EUR' : 'USD',
      subtotal: price * quantity,
      total: price * quantity + 99,
      created: paidAt.toISOString(),
      paid: status === 'pending' || status === 'expired' ? null : paidAt.toISOString(),
      event: must(events[k], 'event').id,
      type: must(types[k], 'type').id,
      quantity,
      price,
      discount: i % 4 === 0 ? 100 : 0,
    };
  });
  await t.db.execute(sql`
    with src as (
      select * from jsonb_to_recordset(${JSON.stringify(orders)}::jsonb) as x(id uuid,
        status order_status, currency text, subtotal int, total int, created timestamptz,
        paid timestamptz, event uuid, type uuid, quantity int, price int, discount int)),
    o as (
      insert into orders (id, user_id, kind, status, currency, subtotal_cents, total_cents,
        created_at, paid_at, updated_at)
      select id, ${buyer.id}, 'tickets', status, currency, subtotal, total, created, paid, created
      from src)
    insert into order_items (order_id, event_id, ticket_type_id, quantity, unit_price_cents,
      discount_cents)
    select id, event, type, quantity, price, discount from src`);
  // Sign-ups, tickets issued and refunds over the same days (some exactly at midnight, some
  // today), which the overview also reads from the rollup.
  await t.db.execute(sql`
    insert into users (email, created_at)
    select 'rollup-' || i || '@example.test', case when i % 50 = 0
      then date_trunc('day', ${NOW}::timestamptz at time zone 'UTC') at time zone 'UTC'
        - (i / 50) * interval '1 day'
      else ${NOW}::timestamptz - ((i * 37) % 200) * interval '1 day'
        - ((i * 7919) % 86400) * interval '1 second' end
    from generate_series(1, 300) i`);
  // Their profiles, of every type, for the sign-ups by type.
  await t.db.execute(sql`
    insert into profiles (id, full_name, user_type)
    select id, 'Rollup Person', (array['attendee', 'organizer', 'vendor', 'venue'])[
      1 + abs(hashtext(email)) % 4]::user_type
    from users where email like 'rollup-%@example.test'`);
  // Vendor fees from three vendors over the same days, some this very day, every status.
  const vendors = [
    await createUser(t.db, { userType: 'vendor', businessName: 'Rollup Stalls' }),
    await createUser(t.db, { userType: 'vendor', fullName: 'Rollup Trader' }),
    await createUser(t.db, { userType: 'vendor', businessName: 'Rollup Carts' }),
  ];
  await t.db.execute(sql`
    insert into orders (user_id, kind, status, currency, subtotal_cents, total_cents, created_at,
      paid_at, updated_at)
    select (${`{${vendors.map((v) => v.id).join(',')}}`}::uuid[])[1 + i % 3], 'vendor_fee',
      (array['paid', 'paid', 'refunded', 'expired'])[1 + i % 4]::order_status, 'USD',
      2500 + i * 10, 2500 + i * 10, paid, case when i % 4 = 3 then null else paid end, paid
    from (select i, case when i % 20 = 0
        then date_trunc('day', ${NOW}::timestamptz at time zone 'UTC') at time zone 'UTC'
          - (i / 20) * interval '1 day'
        else ${NOW}::timestamptz - ((i * 13) % 200) * interval '1 day'
          - ((i * 4999) % 86400) * interval '1 second' end as paid
      from generate_series(0, 119) i) x`);
  await t.db.execute(sql`
    insert into tickets (order_id, order_item_id, event_id, ticket_type_id, user_id, status,
      created_at)
    select o.id, i.id, i.event_id, i.ticket_type_id, o.user_id,
      (case when o.status = 'refunded' then 'void' else 'valid' end)::ticket_status, o.paid_at
    from orders o join order_items i on i.order_id = o.id, generate_series(1, i.quantity)
    where o.paid_at is not null`);
  await t.db.execute(sql`
    insert into refunds (order_id, amount_cents, created_at)
    select id, case when status = 'refunded' then total_cents else 250 end,
      least(paid_at + (total_cents % 3) * interval '1 day', ${NOW}::timestamptz)
    from orders where status in ('refunded', 'partially_refunded')`);
  for (const [index, event] of events.entries())
    await t.db.execute(sql`
      insert into event_page_views (event_id, day, views)
      select ${event.id}, d::date, 3 + ${index}
      from generate_series(${new Date(NOW.getTime() - 120 * DAY)}::timestamptz, ${NOW}::timestamptz, '1 day') d`);
}, 60_000);
afterAll(() => t.close());

async function figures(db: DbExecutor = t.db, now = NOW) {
  const out = [];
  for (const days of [1, 7, 30, 90]) {
    out.push(await overviewFigures(db, { now, days }));
    out.push(await analyticsBreakdowns(db, { now, days }));
  }
  return out;
}

/** The figures from the source tables alone: the rollup's days forgotten, then rolled back. */
async function liveFigures(now = NOW) {
  let out: Awaited<ReturnType<typeof figures>> = [];
  const undo = new Error('undo');
  await t.db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from admin_rollup_days`);
      out = await figures(tx, now);
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
  return out;
}

describe('the analytics rollup', () => {
  it('gives the same overview and analytics figures as the orders alone', async () => {
    const live = await figures();
    expect(live[7]).toMatchObject({ topEvents: [expect.anything(), expect.anything()] });
    // Sign-ups of every type and all three vendors in the 90 days' breakdowns.
    const breakdowns = live[7] as Awaited<ReturnType<typeof analyticsBreakdowns>>;
    expect(breakdowns.signupsByType.map((row) => row.userType).sort()).toEqual([
      'attendee',
      'organizer',
      'vendor',
      'venue',
    ]);
    expect(breakdowns.topVendors).toHaveLength(3);
    // The fixture gives every rolled-up figure something to count in both periods.
    expect(live[6]).toMatchObject({
      newUsers: { current: expect.any(Number), previous: expect.any(Number) },
      refunds: [expect.anything(), expect.anything()],
    });
    const ninety = live[6] as Awaited<ReturnType<typeof overviewFigures>>;
    for (const figure of [ninety.newUsers, ninety.ticketsSold, ...ninety.refunds])
      expect(Object.values(figure).filter((n) => typeof n === 'number' && n > 0)).toHaveLength(2);

    const clock = fixedClock(NOW);
    expect((await refreshAnalyticsRollup({ db: t.db, clock })).days).toBeGreaterThan(150);
    const { rows } = await t.db.execute<{
      days: number;
      orders: number;
      lines: number;
      counts: number;
      refunds: number;
    }>(sql`
      select (select count(*)::int from admin_rollup_days) as days,
        (select count(*)::int from admin_daily_orders) as orders,
        (select count(*)::int from admin_daily_event_sales) as lines,
        (select count(*)::int from admin_daily_counts) as counts,
        (select count(*)::int from admin_daily_refunds) as refunds`);
    expect(must(rows[0], 'rollup row').days).toBeGreaterThan(150);
    expect(must(rows[0], 'rollup row').orders).toBeGreaterThan(100);
    expect(must(rows[0], 'rollup row').lines).toBeGreaterThan(100);
    expect(must(rows[0], 'rollup row').counts).toBeGreaterThan(100);
    expect(must(rows[0], 'rollup row').refunds).toBeGreaterThan(50);
    expect(await figures()).toEqual(live);

    // Gaps (days the job has not reached) are read from the orders.
    await t.db.execute(sql`delete from admin_rollup_days where extract(dow from day) in (1, 4)`);
    expect(await figures()).toEqual(live);

    // A second run redoes only the last days and the gaps' neighbours it reaches: still the same.
    await refreshAnalyticsRollup({ db: t.db, clock });
    expect(await figures()).toEqual(live);
  });

  it('keeps sign-ups by type and top vendors equal to the live figures as accounts change and days pass', async () => {
    const clock = fixedClock(NOW);
    await refreshAnalyticsRollup({ db: t.db, clock });
    // People who signed up on held days: one changes type, one's profile goes, one's account.
    const { rows: people } = await t.db.execute<{ id: string; type: string }>(sql`
      select u.id, p.user_type::text as type from users u join profiles p on p.id = u.id
      where u.email like 'rollup-%@example.test'
        and (u.created_at at time zone 'UTC')::date in (select day from admin_rollup_days)
        and u.created_at > ${NOW}::timestamptz - interval '25 days'
      order by u.created_at limit 3`);
    const [moved, unprofiled, deleted] = people;
    await t.db.execute(sql`
      update profiles set user_type = case when user_type = 'venue' then 'attendee'::user_type
        else 'venue'::user_type end
      where id = ${must(moved, 'moved').id}`);
    await t.db.execute(sql`delete from profiles where id = ${must(unprofiled, 'unprofiled').id}`);
    await t.db.execute(sql`delete from users where id = ${must(deleted, 'deleted').id}`);
    // And today: a sign-up, a vendor's fee and a renamed vendor.
    const today = new Date(NOW.getTime() - 3_600_000);
    const newcomer = await createUser(t.db, { userType: 'organizer', createdAt: today });
    await t.db.execute(sql`
      insert into orders (user_id, kind, status, currency, subtotal_cents, total_cents,
        created_at, paid_at, updated_at)
      values (${newcomer.id}, 'vendor_fee', 'paid', 'USD', 900000, 900000, ${today}, ${today},
        ${today})`);
    await t.db.execute(sql`
      update profiles set business_name = 'Rollup Stalls Renamed'
      where business_name = 'Rollup Stalls'`);

    const live = await liveFigures();
    const rolled = await figures();
    expect(rolled).toEqual(live);
    const ninety = rolled[7] as Awaited<ReturnType<typeof analyticsBreakdowns>>;
    expect(ninety.topVendors[0]).toMatchObject({ id: newcomer.id, orders: 1, cents: 900000 });
    expect(ninety.topVendors.map((row) => row.name)).toContain('Rollup Stalls Renamed');

    // The next day the job rolls today up: the figures are still the live ones.
    const tomorrow = new Date(NOW.getTime() + DAY);
    await refreshAnalyticsRollup({ db: t.db, clock: fixedClock(tomorrow) });
    const { rows: rolledToday } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from admin_daily_vendor_sales
      where day = (${NOW}::timestamptz at time zone 'UTC')::date and user_id = ${newcomer.id}`);
    expect(must(rolledToday[0], 'today').n).toBe(1);
    expect(await figures(t.db, tomorrow)).toEqual(await liveFigures(tomorrow));

    // A vendor's account goes, with its fees. (Only these two breakdowns: the older rollups of
    // gross sales and refunds keep a deleted account's orders, as before.)
    await t.db.execute(sql`
      delete from users where id = (select id from profiles where full_name = 'Rollup Trader')`);
    const rolledTypes = (list: Awaited<ReturnType<typeof figures>>) =>
      list
        .filter((_, i) => i % 2 === 1)
        .map((f) => {
          const b = f as Awaited<ReturnType<typeof analyticsBreakdowns>>;
          return { signupsByType: b.signupsByType, topVendors: b.topVendors };
        });
    const afterDelete = rolledTypes(await figures(t.db, tomorrow));
    expect(afterDelete).toEqual(rolledTypes(await liveFigures(tomorrow)));
    expect(afterDelete[3]?.topVendors.map((row) => row.name)).not.toContain('Rollup Trader');
    // The rollup's rows moved with the accounts (it was not read from the users instead).
    const { rows: held } = await t.db.execute<{ n: number }>(sql`
      select coalesce(sum(sign_ups), 0)::int as n from admin_daily_signup_types
      where day in (select day from admin_rollup_days)`);
    const { rows: counted } = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from users u join profiles p on p.id = u.id
      where (u.created_at at time zone 'UTC')::date in (select day from admin_rollup_days)`);
    expect(must(held[0], 'held').n).toBe(must(counted[0], 'counted').n);
  });

  it('reads whole past days from the rollup, not from the orders', async () => {
    const clock = fixedClock(NOW);
    await refreshAnalyticsRollup({ db: t.db, clock });
    const before = await overviewFigures(t.db, { now: NOW, days: 30 });
    // Change a summarised day's figure in the rollup only: the overview shows the rollup's.
    await t.db.execute(sql`
      update admin_daily_orders set cents = cents + 1000000
      where day = (select max(day) from admin_rollup_days where day < ${NOW}::date - 2)
        and currency = 'USD'`);
    const after = await overviewFigures(t.db, { now: NOW, days: 30 });
    const usd = (f: typeof before) =>
      f.grossSales.find((row) => row.currency === 'USD')?.currentCents ?? 0;
    expect(usd(after) - usd(before)).toBe(1000000);

    // Sign-ups, tickets and refunds of a summarised day come from the rollup too.
    await t.db.execute(sql`
      insert into admin_daily_counts (day, sign_ups, tickets)
      select max(day), 0, 0 from admin_rollup_days where day < ${NOW}::date - 2
      on conflict do nothing`);
    await t.db.execute(sql`
      update admin_daily_counts set sign_ups = sign_ups + 1000, tickets = tickets + 2000
      where day = (select max(day) from admin_rollup_days where day < ${NOW}::date - 2)`);
    await t.db.execute(sql`
      insert into admin_daily_refunds (day, currency, cents)
      select max(day), 'USD', 5000 from admin_rollup_days where day < ${NOW}::date - 2
      on conflict (day, currency) do update set cents = admin_daily_refunds.cents + 5000`);
    const counted = await overviewFigures(t.db, { now: NOW, days: 30 });
    expect(counted.newUsers.current - after.newUsers.current).toBe(1000);
    expect(counted.ticketsSold.current - after.ticketsSold.current).toBe(2000);
    const refundedUsd = (f: typeof before) =>
      f.refunds.find((row) => row.currency === 'USD')?.currentCents ?? 0;
    expect(refundedUsd(counted) - refundedUsd(after)).toBe(5000);
  });

  it('shows a redone day’s event lines once the job has recomputed it, not the grouped lines read before', async () => {
    const clock = fixedClock(NOW);
    // Through the service, which keeps the held days' grouped lines in its cache.
    const deps = { db: t.db, clock, config: t.config };
    await refreshAnalyticsRollup({ db: t.db, clock });
    const before = await analytics(deps, { days: 30 });
    const { rows } = await t.db.execute<{ event: string; type: string }>(sql`
      select e.id as event, tt.id as type from events e join ticket_types tt on tt.event_id = e.id
      where e.title = 'Rollup Gala'`);
    const gala = must(rows[0], 'gala');
    const buyer = await createUser(t.db);
    // An order paid yesterday that committed late: the job's next run redoes that day.
    const paid = new Date(NOW.getTime() - DAY);
    await t.db.execute(sql`
      with o as (
        insert into orders (user_id, kind, status, currency, subtotal_cents, total_cents,
          created_at, paid_at, updated_at)
        values (${buyer.id}, 'tickets', 'paid', 'USD', 150000, 150000, ${paid}, ${paid}, ${paid})
        returning id)
      insert into order_items (order_id, event_id, ticket_type_id, quantity, unit_price_cents)
      select id, ${gala.event}, ${gala.type}, 100, 1500 from o`);
    await refreshAnalyticsRollup({ db: t.db, clock });
    const after = await analytics(deps, { days: 30 });
    const galaTickets = (b: typeof before) =>
      b.topEvents.find((row) => row.id === gala.event)?.tickets ?? 0;
    expect(galaTickets(after) - galaTickets(before)).toBe(100);
    const { days: _days, ratingsByType: _ratings, ...breakdowns } = after;
    expect(breakdowns).toEqual((await liveFigures())[5]);
  });

  it('fills the held lines from the job right after it rewrites days, in every process an admin asked in', async () => {
    const clock = fixedClock(NOW);
    // A second app on the same database plays another server process; the job runs in the first.
    const other = await createTestApp({ shareDatabaseOf: t });
    try {
      const here = { db: t.db, clock, config: t.config };
      const there = { db: other.db, clock, config: other.config };
      await refreshAnalyticsRollup({ db: t.db, clock });
      for (const deps of [here, there]) for (const days of [7, 30]) await analytics(deps, { days });
      const { rows } = await t.db.execute<{ event: string; type: string }>(sql`
        select e.id as event, tt.id as type from events e join ticket_types tt on tt.event_id = e.id
        where e.title = 'Rollup Fair'`);
      const fair = must(rows[0], 'fair');
      const buyer = await createUser(t.db);
      const order = async (paid: Date, quantity: number) =>
        t.db.execute(sql`
          with o as (
            insert into orders (user_id, kind, status, currency, subtotal_cents, total_cents,
              created_at, paid_at, updated_at)
            values (${buyer.id}, 'tickets', 'paid', 'USD', ${700 * quantity}, ${700 * quantity},
              ${paid}, ${paid}, ${paid})
            returning id)
          insert into order_items (order_id, event_id, ticket_type_id, quantity, unit_price_cents)
          select id, ${fair.event}, ${fair.type}, ${quantity}, 700 from o`);
      // An order paid yesterday that committed late: the job's run rewrites that day, so the
      // periods holding it get a new key.
      const versionOf = async (days: number) =>
        (await breakdownParts(t.db, { now: NOW, days })).version;
      const before = await versionOf(30);
      await order(new Date(NOW.getTime() - DAY), 40);
      await refreshAnalyticsRollup({ db: t.db, clock });
      expect(await versionOf(30)).not.toBe(before);
      // Filled here when the job returns, and there once it heard the job's notice; a period
      // nobody asked for is not computed.
      for (const days of [7, 30]) expect(await heldLinesReady(here, { now: NOW, days })).toBe(true);
      await expect
        .poll(
          async () => Promise.all([7, 30].map((days) => heldLinesReady(there, { now: NOW, days }))),
          { timeout: 10_000 },
        )
        .toEqual([true, true]);
      expect(await heldLinesReady(there, { now: NOW, days: 90 })).toBe(false);

      // What an admin sees in either process is what a fresh computation gives, the late order
      // included; an order paid after the refresh shows at once (today is read live).
      const served = async (deps: typeof here, days: number) => {
        const { days: _days, ratingsByType: _ratings, ...rest } = await analytics(deps, { days });
        return rest;
      };
      const fairTickets = (b: Awaited<ReturnType<typeof served>>) =>
        b.topEvents.find((row) => row.id === fair.event)?.tickets ?? 0;
      const live = await liveFigures();
      expect(await served(there, 7)).toEqual(live[3]);
      expect(await served(here, 30)).toEqual(live[5]);
      await order(new Date(NOW.getTime() - 60_000), 3);
      const afterWrite = await liveFigures();
      for (const deps of [here, there]) {
        expect(await served(deps, 30)).toEqual(afterWrite[5]);
        expect(fairTickets(await served(deps, 7))).toBe(
          fairTickets(live[3] as Awaited<ReturnType<typeof served>>) + 3,
        );
      }
    } finally {
      await other.close();
    }
  });
});
