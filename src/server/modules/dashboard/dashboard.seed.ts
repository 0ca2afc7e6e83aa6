import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { DEMO_HOSTS } from '../../db/seed/demo-catalogue';
import { createEvent, createTicketType } from '../../test/factories';
import { zonedTimeToInstant } from '../../../contracts/zoned-time';
import { recordPaidOrder } from '../orders/orders.service';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const TIMEZONE = 'America/Los_Angeles';

// Two upcoming paid events of the demo organizer. Their other events (feedback's, streaming's)
// are free, so without these the dashboard had tickets and no revenue.
const DEMO = [
  {
    title: 'Summer Soul Festival',
    inDays: 18,
    hour: 16,
    category: 'Festival',
    venueName: 'Lakeside Amphitheater',
    prices: { general: 3500, vip: 9000 },
    quantities: { general: 400, vip: 100 },
  },
  {
    title: 'Sunset Comedy & Supper Club',
    inDays: 26,
    hour: 19,
    category: 'Performance',
    venueName: 'The Harbor Loft',
    prices: { general: 2500, vip: 6000 },
    quantities: { general: 100, vip: 20 },
  },
] as const;

// The sales: days ago (spread over the dashboard's 30-day chart), which event, how many, VIP.
const SALES = [
  { daysAgo: 27, event: 0, quantity: 2, vip: false },
  { daysAgo: 24, event: 0, quantity: 1, vip: true },
  { daysAgo: 21, event: 1, quantity: 2, vip: false },
  { daysAgo: 17, event: 0, quantity: 4, vip: false },
  { daysAgo: 13, event: 1, quantity: 1, vip: true },
  { daysAgo: 10, event: 0, quantity: 2, vip: true },
  { daysAgo: 8, event: 1, quantity: 3, vip: false },
  { daysAgo: 5, event: 0, quantity: 1, vip: false },
  { daysAgo: 3, event: 1, quantity: 2, vip: false },
  { daysAgo: 1, event: 0, quantity: 3, vip: false },
] as const;

/**
 * Demo: the demo organizer's two paid events and a month of ticket sales on them, so the
 * organizer dashboard shows revenue and a sales chart with bars. The buyers are the catalogue's
 * hosts, so the demo accounts' own ticket lists stay as they are. Sales go through
 * `recordPaidOrder`, the statements a buyer's order runs, so the events' counters and stock
 * agree with the tickets. Seeded from this module because it runs last: the streaming seed
 * gives the organizer events of its own only when they have fewer than two published ones.
 * Skipped when the events exist.
 */
export async function seedDashboard(tx: DbExecutor, params: { now: Date; joinedAt: Date }) {
  const [organizer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, getDemoAccount('organizer').email));
  if (!organizer) return;
  const existing = await tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.userId, organizer.id),
        inArray(
          events.title,
          DEMO.map((d) => d.title),
        ),
      ),
    )
    .limit(1);
  if (existing.length) return;
  const buyers = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_HOSTS.map((h) => h.email),
      ),
    );
  if (!buyers.length) return;

  const today = params.now.toISOString().slice(0, 10);
  const types: { general: string; vip: string }[] = [];
  for (const demo of DEMO) {
    const date = new Date(Date.parse(today) + demo.inDays * DAY_MS).toISOString().slice(0, 10);
    const startsAt = zonedTimeToInstant(date, `${demo.hour}:00`, TIMEZONE);
    const event = await createEvent(tx, {
      userId: organizer.id,
      title: demo.title,
      description:
        'An evening put together by Marcus Bell: live acts, local food and a crowd of neighbours. Doors open an hour before the start.',
      category: demo.category,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 5 * HOUR_MS),
      venueName: demo.venueName,
      city: 'Oakland',
      country: 'USA',
      timezone: TIMEZONE,
      capacity: demo.quantities.general + demo.quantities.vip,
      isFree: false,
      eventStatus: 'published',
      metadata: { demo: true },
      createdAt: params.joinedAt,
    });
    const general = await createTicketType(tx, {
      eventId: event.id,
      name: 'General admission',
      priceCents: demo.prices.general,
      quantity: demo.quantities.general,
    });
    const vip = await createTicketType(tx, {
      eventId: event.id,
      name: 'VIP',
      priceCents: demo.prices.vip,
      quantity: demo.quantities.vip,
      maxPerOrder: 4,
    });
    types.push({ general: general.id, vip: vip.id });
  }

  for (const [i, sale] of SALES.entries()) {
    const type = types[sale.event];
    const buyer = buyers[i % buyers.length];
    if (!type || !buyer) continue;
    await recordPaidOrder(tx, {
      buyerId: buyer.id,
      lines: [{ ticketTypeId: sale.vip ? type.vip : type.general, quantity: sale.quantity }],
      // At varied hours of the day, never later than now.
      at: new Date(params.now.getTime() - sale.daysAgo * DAY_MS - ((i * 5) % 9) * HOUR_MS),
      paymentRef: `seed-dashboard-${i}`,
    });
  }
}
