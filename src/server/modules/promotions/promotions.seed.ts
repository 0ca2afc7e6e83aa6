import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { PROMO_PRICE_CENTS } from '../../../contracts/promotions';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { promoCampaigns } from '../../db/schema/promotions';
import { users } from '../../db/schema/users';
import { getDemoAccount } from '../../db/seed/demo-accounts';
import { recordMarks, writeViewBatch } from './promotions.queries';

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
  const inserted = await tx
    .insert(promoCampaigns)
    .values(rows)
    .returning({ id: promoCampaigns.id });
  for (const [i, campaign] of inserted.entries())
    await seedAudience(tx, { campaignId: campaign.id, now: params.now, scale: i + 1 });
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Yesterday's and this morning's views and a few clicks, written by the statements the view
 * beacon's batch and the click redirect run: the report's impressions, spend and the viewers'
 * caps then agree, and a live campaign on the home page does not read "0 impressions".
 */
async function seedAudience(
  tx: DbExecutor,
  params: { campaignId: string; now: Date; scale: number },
) {
  const days = [
    { at: new Date(params.now.getTime() - DAY_MS / 2), views: 140 * params.scale, clicks: 4 },
    { at: new Date(params.now.getTime() - 60_000), views: 45 * params.scale, clicks: 1 },
  ];
  for (const [d, day] of days.entries()) {
    const serveIds = Array.from({ length: day.views }, () => randomUUID());
    const views = serveIds.map((serveId, i) => ({
      serveId,
      campaignId: params.campaignId,
      viewer: `seed-viewer-${d}-${i % 90}`,
      day: utcDay(day.at),
    }));
    await writeViewBatch(tx, { views, day: utcDay(day.at), now: day.at });
    for (const serveId of serveIds.slice(0, day.clicks))
      await recordMarks(tx, {
        kind: 'click',
        marks: [{ serveId, campaignId: params.campaignId }],
        viewer: `seed-clicker-${serveId}`,
        day: utcDay(day.at),
        now: day.at,
      });
  }
}
