import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { emailCampaignEvents, emailCampaigns, emailCampaignSends } from '../../db/schema/marketing';
import { users } from '../../db/schema/users';
import { ownedBy, type Owner } from './marketing.queries';
import { segmentSql } from './segment-sql';

export type CampaignRow = typeof emailCampaigns.$inferSelect;

export async function findCampaigns(db: DbExecutor, params: { owner: Owner }) {
  return db
    .select()
    .from(emailCampaigns)
    .where(eq(emailCampaigns.ownerId, params.owner.id))
    .orderBy(desc(emailCampaigns.createdAt))
    .limit(200);
}

export async function findOwnedCampaign(db: DbExecutor, params: { id: string; owner: Owner }) {
  const [row] = await db
    .select()
    .from(emailCampaigns)
    .where(and(eq(emailCampaigns.id, params.id), ownedBy(emailCampaigns.ownerId, params.owner)));
  return row;
}

export async function lockCampaign(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select()
    .from(emailCampaigns)
    .where(eq(emailCampaigns.id, params.id))
    .for('update');
  return row;
}

export async function insertCampaign(db: DbExecutor, values: typeof emailCampaigns.$inferInsert) {
  const [row] = await db.insert(emailCampaigns).values(values).returning();
  return row as CampaignRow;
}

export async function updateCampaign(
  db: DbExecutor,
  params: { id: string; set: Partial<typeof emailCampaigns.$inferInsert> },
) {
  const [row] = await db
    .update(emailCampaigns)
    .set(params.set)
    .where(eq(emailCampaigns.id, params.id))
    .returning();
  return row as CampaignRow;
}

export async function deleteOwnedCampaign(db: DbExecutor, params: { id: string; owner: Owner }) {
  const rows = await db
    .delete(emailCampaigns)
    .where(
      and(
        eq(emailCampaigns.id, params.id),
        ownedBy(emailCampaigns.ownerId, params.owner),
        inArray(emailCampaigns.status, ['draft', 'cancelled']),
      ),
    )
    .returning({ id: emailCampaigns.id });
  return rows.length === 1;
}

/**
 * The next recipients not yet sent to: subscribed on one of the campaign's lists (the owner's),
 * not suppressed, one row per address across lists.
 */
export async function nextRecipients(
  db: DbExecutor,
  params: {
    campaign: Pick<CampaignRow, 'id' | 'ownerId' | 'listIds' | 'segment'>;
    limit: number;
  },
) {
  const { campaign } = params;
  if (campaign.listIds.length === 0) return [];
  const result = await db.execute<{
    id: string;
    email: string;
    name: string;
    attributes: Record<string, string>;
  }>(sql`
    select distinct on (s.email) s.id, s.email, s.name, s.attributes
      from email_subscribers s
      join email_lists l on l.id = s.list_id
     where l.owner_id = ${campaign.ownerId}
       and s.list_id in (${sql.join(
         campaign.listIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
       and s.status = 'subscribed'
       and ${segmentSql(campaign.segment)}
       and not exists (select 1 from email_suppressions x where x.owner_id = ${campaign.ownerId} and x.email = s.email)
       and not exists (select 1 from email_campaign_sends c where c.campaign_id = ${campaign.id} and c.email = s.email)
     -- Someone on several of the lists is mailed once, with the name and fields of the first
     -- list the campaign names (then their earliest subscription), never a random one.
     order by s.email,
              array_position(array[${sql.join(
                campaign.listIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )}], s.list_id),
              s.created_at, s.id
     limit ${params.limit}`);
  return result.rows;
}

/**
 * Who a campaign to these lists and segment would mail now, counted the way `nextRecipients`
 * selects them (same segment SQL, one per address, subscribed, not suppressed by the list's
 * owner), and the imported columns the lists' subscribers have. Owner-scoped here: another
 * owner's list adds nobody (admins see every list).
 */
export async function countAudience(
  db: DbExecutor,
  params: { owner: Owner; listIds: string[]; segment: CampaignRow['segment'] },
) {
  if (params.listIds.length === 0) return { count: 0, columns: [] as string[] };
  const lists = sql.join(
    params.listIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const owned = params.owner.admin ? sql`true` : sql`l.owner_id = ${params.owner.id}`;
  const [counted, columns] = await Promise.all([
    db.execute<{ n: number }>(sql`
      select count(distinct s.email)::int as n
        from email_subscribers s
        join email_lists l on l.id = s.list_id
       where ${owned} and s.list_id in (${lists})
         and s.status = 'subscribed'
         and ${segmentSql(params.segment)}
         and not exists (select 1 from email_suppressions x where x.owner_id = l.owner_id and x.email = s.email)`),
    db.execute<{ key: string }>(sql`
      select distinct k.key
        from email_subscribers s
        join email_lists l on l.id = s.list_id
        cross join lateral jsonb_object_keys(s.attributes) as k(key)
       where ${owned} and s.list_id in (${lists})
       order by k.key
       limit 100`),
  ]);
  return { count: counted.rows[0]?.n ?? 0, columns: columns.rows.map((r) => r.key) };
}

/** Records the sends; returns the addresses that were not recorded before (the ones to mail). */
export async function recordSends(
  db: DbExecutor,
  params: { campaignId: string; recipients: { id: string; email: string }[]; now: Date },
) {
  if (params.recipients.length === 0) return new Set<string>();
  const rows = await db
    .insert(emailCampaignSends)
    .values(
      params.recipients.map((r) => ({
        campaignId: params.campaignId,
        email: r.email,
        subscriberId: r.id,
        queuedAt: params.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ email: emailCampaignSends.email });
  return new Set(rows.map((r) => r.email));
}

/**
 * Marks one recipient's send as not delivered: refused by the receiving server at send time
 * (bounced or failed), or reported later by the provider (bounced or complained). Once per
 * message: only a send still queued changes, so a repeated report, or a complaint about a message
 * that already bounced, leaves it as it is. Returns whether it changed.
 */
export async function markSendUndelivered(
  db: DbExecutor,
  params: {
    campaignId: string;
    email: string;
    status: 'bounced' | 'failed' | 'complained';
    error: string;
  },
) {
  const rows = await db
    .update(emailCampaignSends)
    .set({ status: params.status, error: params.error })
    .where(
      and(
        eq(emailCampaignSends.campaignId, params.campaignId),
        eq(emailCampaignSends.email, params.email),
        eq(emailCampaignSends.status, 'queued'),
      ),
    )
    .returning({ email: emailCampaignSends.email });
  return rows.length === 1;
}

export async function campaignSendExists(
  db: DbExecutor,
  params: { campaignId: string; email: string },
) {
  const [row] = await db
    .select({ email: emailCampaignSends.email })
    .from(emailCampaignSends)
    .where(
      and(
        eq(emailCampaignSends.campaignId, params.campaignId),
        eq(emailCampaignSends.email, params.email),
      ),
    );
  return Boolean(row);
}

/** The event whose details fill a campaign's {{event.*}} fields. */
export async function campaignEvent(db: DbExecutor, params: { id: string }) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      timezone: events.timezone,
      location: events.location,
    })
    .from(events)
    .where(eq(events.id, params.id));
  return row;
}

export async function insertCampaignEvent(
  db: DbExecutor,
  values: typeof emailCampaignEvents.$inferInsert,
) {
  await db.insert(emailCampaignEvents).values(values);
}

interface CampaignStats {
  recipients: number;
  sent: number;
  opens: number;
  clicks: number;
  unsubscribes: number;
  bounces: number;
  failed: number;
  complaints: number;
  timeline: { hour: string; opens: number; clicks: number; sent: number }[];
}

/** The report of a campaign nothing has been sent for yet. */
export const noCampaignStats = (): CampaignStats => ({
  recipients: 0,
  sent: 0,
  opens: 0,
  clicks: 0,
  unsubscribes: 0,
  bounces: 0,
  failed: 0,
  complaints: 0,
  timeline: [],
});

export async function campaignStats(db: DbExecutor, params: { campaignIds: string[] }) {
  if (params.campaignIds.length === 0) return new Map();
  const ids = sql.join(
    params.campaignIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [sends, eventsRows, timeline] = await Promise.all([
    db.execute<{
      campaign_id: string;
      n: number;
      bounced: number;
      failed: number;
      complained: number;
    }>(
      sql`select campaign_id, count(*)::int as n,
                 count(*) filter (where status = 'bounced')::int as bounced,
                 count(*) filter (where status = 'failed')::int as failed,
                 count(*) filter (where status = 'complained')::int as complained
            from email_campaign_sends where campaign_id in (${ids}) group by campaign_id`,
    ),
    db.execute<{ campaign_id: string; kind: string; n: number }>(
      sql`select campaign_id, kind, count(distinct email)::int as n from email_campaign_events where campaign_id in (${ids}) group by campaign_id, kind`,
    ),
    db.execute<{
      campaign_id: string;
      hour: string;
      opens: number;
      clicks: number;
      sent: number;
    }>(sql`
      select campaign_id, to_char(hour, 'YYYY-MM-DD"T"HH24:00:00"Z"') as hour,
             sum(opens)::int as opens, sum(clicks)::int as clicks, sum(sent)::int as sent
        from (
          select campaign_id, date_trunc('hour', created_at at time zone 'UTC') as hour,
                 count(*) filter (where kind = 'open') as opens,
                 count(*) filter (where kind = 'click') as clicks, 0 as sent
            from email_campaign_events where campaign_id in (${ids}) group by 1, 2
          union all
          select campaign_id, date_trunc('hour', queued_at at time zone 'UTC'), 0, 0, count(*)
            from email_campaign_sends where campaign_id in (${ids}) group by 1, 2
        ) x
       group by campaign_id, hour order by hour`),
  ]);
  const stats = new Map<string, CampaignStats>();
  const of = (id: string) => {
    let s = stats.get(id);
    if (!s) {
      s = noCampaignStats();
      stats.set(id, s);
    }
    return s;
  };
  // Bounces and failures are the sends the receiving server refused (their status).
  for (const r of sends.rows) {
    const s = of(r.campaign_id);
    s.recipients = r.n;
    s.sent = r.n;
    s.bounces = r.bounced;
    s.failed = r.failed;
    s.complaints = r.complained;
  }
  const field = { open: 'opens', click: 'clicks', unsubscribe: 'unsubscribes' } as const;
  for (const r of eventsRows.rows) {
    const key = field[r.kind as keyof typeof field];
    if (key) of(r.campaign_id)[key] = r.n;
  }
  for (const { campaign_id, ...point } of timeline.rows) of(campaign_id).timeline.push(point);
  return stats;
}

/**
 * The languages chosen by the accounts of these addresses (lower-cased address → language):
 * the campaign footer's language. A subscriber without an account or a choice is missing.
 */
export async function languagesOfEmails(
  db: DbExecutor,
  emails: string[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, language: users.language })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  return new Map(rows.flatMap((row) => (row.language ? [[row.email, row.language]] : [])));
}
