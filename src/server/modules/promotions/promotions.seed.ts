import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { PROMO_PRICE_CENTS } from '../../../contracts/promotions';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { promoCampaigns } from '../../db/schema/promotions';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';

const DAY_MS = 86_400_000;

/** Two live billboard campaigns (the demo organizer's next event, the demo vendor's profile). */
export async function seedPromotions(tx: DbExecutor, params: { now: Date }) {
  const emails = [getDemoAccount('organizer').email, getDemoAccount('vendor').email];
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const organizer = people.find((p) => p.email === emails[0]);
  const vendor = people.find((p) => p.email === emails[1]);
  if (!organizer || !vendor) return;
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(promoCampaigns)
    .where(inArray(promoCampaigns.ownerId, [organizer.id, vendor.id]));
  if ((existing?.n ?? 0) > 0) return;
  const [event] = await tx
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(
      and(
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
        gt(events.startsAt, params.now),
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(1);
  const common = {
    status: 'live' as const,
    placement: 'home_billboard' as const,
    startsAt: new Date(params.now.getTime() - DAY_MS),
    endsAt: new Date(params.now.getTime() + 30 * DAY_MS),
    dailyBudgetCents: 5_000,
    totalBudgetCents: 100_000,
    pricing: 'cpm' as const,
    priceCents: PROMO_PRICE_CENTS.cpm,
    createdAt: params.now,
    updatedAt: params.now,
  };
  const rows: (typeof promoCampaigns.$inferInsert)[] = [
    {
      ...common,
      ownerId: vendor.id,
      headline: 'Book a DJ for your next night out',
      body: 'Sets for weddings, clubs and festivals. Check dates and ask for a quote.',
      imageAlt: 'A DJ at a mixing desk',
      targetPath: `/vendor/${vendor.id}`,
    },
  ];
  if (event)
    rows.push({
      ...common,
      ownerId: organizer.id,
      headline: event.title,
      body: 'Tickets are selling fast. Get yours before they are gone.',
      imageAlt: event.title,
      targetPath: `/event/${event.id}`,
      eventId: event.id,
    });
  await tx.insert(promoCampaigns).values(rows);
}
