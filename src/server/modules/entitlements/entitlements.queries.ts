import { asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { subscriptionPlans, subscriptions } from '../../db/schema/subscriptions';

/** The fields the gates need, in one indexed lookup. */
export async function findLiveFlags(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      planId: subscriptionPlans.id,
      planName: subscriptionPlans.name,
      maxAttendees: subscriptionPlans.maxAttendees,
      hasMessaging: subscriptionPlans.hasMessaging,
      hasChat: subscriptionPlans.hasChat,
      hasRecording: subscriptionPlans.hasRecording,
      hasSharing: subscriptionPlans.hasSharing,
    })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, params.userId));
  return row ?? null;
}

/** Active plans, cheapest first (the gates name the cheapest plan that would allow the use). */
export function activePlansByPrice(db: DbExecutor) {
  return db
    .select()
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.isActive, true))
    .orderBy(asc(subscriptionPlans.priceMonthly), asc(subscriptionPlans.name));
}

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/**
 * Organizer campaign emails for the monthly allowance (has_messaging): those already queued this
 * month by any of the owner's campaigns, and those this campaign would still send (subscribed on
 * its lists, not suppressed, not yet sent to; one per address, as the campaign sender counts).
 * Read here, not through the marketing service (tables are shared, modules are not), so the marketing module needs one call only.
 */
export async function countCampaignEmails(
  db: DbExecutor,
  params: { ownerId: string; campaignId: string; listIds: string[]; since: Date },
) {
  const lists = params.listIds.length
    ? sql.join(
        params.listIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : sql`null::uuid`;
  const { rows } = await db.execute<{ sent: number; pending: number }>(sql`
    select
      (select count(*)::int from email_campaign_sends s
         join email_campaigns c on c.id = s.campaign_id
        where c.owner_id = ${params.ownerId} and s.queued_at >= ${params.since}) as sent,
      (select count(distinct s.email)::int from email_subscribers s
         join email_lists l on l.id = s.list_id
        where l.owner_id = ${params.ownerId} and s.list_id in (${lists})
          and s.status = 'subscribed'
          and not exists (select 1 from email_suppressions x
                           where x.owner_id = ${params.ownerId} and x.email = s.email)
          and not exists (select 1 from email_campaign_sends c
                           where c.campaign_id = ${params.campaignId} and c.email = s.email)) as pending`);
  return { sent: rows[0]?.sent ?? 0, pending: rows[0]?.pending ?? 0 };
}
