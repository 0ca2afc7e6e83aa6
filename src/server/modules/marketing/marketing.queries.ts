import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../contracts/marketing';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import {
  emailCampaignEvents,
  emailCampaigns,
  emailCampaignSends,
  emailLists,
  emailSubscribers,
  emailSuppressions,
  funnelOrders,
  funnels,
  funnelStepStats,
} from '../../db/schema/marketing';
import { ticketTypes } from '../../db/schema/tickets';
import { profiles } from '../../db/schema/users';
import { segmentSql } from './segment-sql';

/** Who is asking: owner scoping goes into every `where` (admins see every row). */
export interface Owner {
  id: string;
  admin: boolean;
}

const ownedBy = (column: AnyPgColumn, owner: Owner): SQL | undefined =>
  owner.admin ? undefined : eq(column, owner.id);

export type ListRow = typeof emailLists.$inferSelect;
export type SubscriberRow = typeof emailSubscribers.$inferSelect;
export type CampaignRow = typeof emailCampaigns.$inferSelect;
export type FunnelRow = typeof funnels.$inferSelect;

const counts = {
  unconfirmed: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'unconfirmed')::int`,
  subscribed: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'subscribed')::int`,
  unsubscribed: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'unsubscribed')::int`,
  bounced: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'bounced')::int`,
  complained: sql<number>`count(*) filter (where ${emailSubscribers.status} = 'complained')::int`,
};

export async function findLists(db: DbExecutor, params: { owner: Owner; ids?: string[] }) {
  const lists = await db
    .select()
    .from(emailLists)
    .where(
      and(
        eq(emailLists.ownerId, params.owner.id),
        params.ids ? inArray(emailLists.id, params.ids) : undefined,
      ),
    )
    .orderBy(desc(emailLists.createdAt));
  return withCounts(db, lists);
}

export async function withCounts(db: DbExecutor, lists: ListRow[]) {
  if (lists.length === 0) return [];
  const rows = await db
    .select({ listId: emailSubscribers.listId, ...counts })
    .from(emailSubscribers)
    .where(
      inArray(
        emailSubscribers.listId,
        lists.map((l) => l.id),
      ),
    )
    .groupBy(emailSubscribers.listId);
  const byList = new Map(rows.map(({ listId, ...c }) => [listId, c]));
  return lists.map((list) => ({
    ...list,
    counts: byList.get(list.id) ?? {
      unconfirmed: 0,
      subscribed: 0,
      unsubscribed: 0,
      bounced: 0,
      complained: 0,
    },
  }));
}

export async function findOwnedList(db: DbExecutor, params: { id: string; owner: Owner }) {
  const [row] = await db
    .select()
    .from(emailLists)
    .where(and(eq(emailLists.id, params.id), ownedBy(emailLists.ownerId, params.owner)));
  return row;
}

/** How many of these lists the person may see (their own; admins every one). */
export async function countOwnedLists(db: DbExecutor, params: { ids: string[]; owner: Owner }) {
  if (params.ids.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailLists)
    .where(and(inArray(emailLists.id, params.ids), ownedBy(emailLists.ownerId, params.owner)));
  return row?.n ?? 0;
}

export async function findListById(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(emailLists).where(eq(emailLists.id, params.id));
  return row;
}

export async function insertList(db: DbExecutor, values: typeof emailLists.$inferInsert) {
  const [row] = await db.insert(emailLists).values(values).returning();
  return row as ListRow;
}

export async function updateOwnedList(
  db: DbExecutor,
  params: { id: string; owner: Owner; set: Partial<typeof emailLists.$inferInsert> },
) {
  const [row] = await db
    .update(emailLists)
    .set(params.set)
    .where(and(eq(emailLists.id, params.id), ownedBy(emailLists.ownerId, params.owner)))
    .returning();
  return row;
}

export async function deleteOwnedList(db: DbExecutor, params: { id: string; owner: Owner }) {
  const rows = await db
    .delete(emailLists)
    .where(and(eq(emailLists.id, params.id), ownedBy(emailLists.ownerId, params.owner)))
    .returning({ id: emailLists.id });
  return rows.length === 1;
}

export async function findSubscribers(
  db: DbExecutor,
  params: {
    listId: string;
    status?: SubscriberStatus;
    search: string;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(emailSubscribers.listId, params.listId),
    params.status ? eq(emailSubscribers.status, params.status) : undefined,
    params.search
      ? or(
          ilike(emailSubscribers.email, `%${escapeLike(params.search)}%`),
          ilike(emailSubscribers.name, `%${escapeLike(params.search)}%`),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailSubscribers)
      .where(where)
      .orderBy(desc(emailSubscribers.createdAt), emailSubscribers.email)
      .limit(params.limit)
      .offset(params.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailSubscribers)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's rows for these addresses (to tell duplicates from people who left). */
export async function findListEmails(db: DbExecutor, params: { listId: string; emails: string[] }) {
  if (params.emails.length === 0) return new Map<string, SubscriberStatus>();
  const rows = await db
    .select({ email: emailSubscribers.email, status: emailSubscribers.status })
    .from(emailSubscribers)
    .where(
      and(
        eq(emailSubscribers.listId, params.listId),
        inArray(emailSubscribers.email, params.emails),
      ),
    );
  return new Map(rows.map((r) => [r.email, r.status]));
}

export async function findSuppressed(
  db: DbExecutor,
  params: { ownerId: string; emails: string[] },
) {
  if (params.emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.ownerId, params.ownerId),
        inArray(emailSuppressions.email, params.emails),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/** Inserts new addresses; one already on the list is left alone (returned rows are the new ones). */
export async function insertSubscribers(
  db: DbExecutor,
  rows: (typeof emailSubscribers.$inferInsert)[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(emailSubscribers)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: emailSubscribers.id, email: emailSubscribers.email });
}

export async function findSubscriber(db: DbExecutor, params: { listId: string; email: string }) {
  const [row] = await db
    .select()
    .from(emailSubscribers)
    .where(
      and(eq(emailSubscribers.listId, params.listId), eq(emailSubscribers.email, params.email)),
    );
  return row;
}

export async function setSubscriberStatus(
  db: DbExecutor,
  params: {
    listId: string;
    email: string;
    from: SubscriberStatus[];
    to: SubscriberStatus;
    now: Date;
  },
) {
  return db
    .update(emailSubscribers)
    .set({ status: params.to, updatedAt: params.now })
    .where(
      and(
        eq(emailSubscribers.listId, params.listId),
        eq(emailSubscribers.email, params.email),
        inArray(emailSubscribers.status, params.from),
      ),
    )
    .returning({ id: emailSubscribers.id });
}

export async function deleteSubscriber(db: DbExecutor, params: { listId: string; id: string }) {
  const rows = await db
    .delete(emailSubscribers)
    .where(and(eq(emailSubscribers.listId, params.listId), eq(emailSubscribers.id, params.id)))
    .returning({ id: emailSubscribers.id });
  return rows.length === 1;
}

/** Every row of a list, oldest first, for the CSV export. */
export async function exportSubscribers(db: DbExecutor, params: { listId: string; limit: number }) {
  return db
    .select()
    .from(emailSubscribers)
    .where(eq(emailSubscribers.listId, params.listId))
    .orderBy(emailSubscribers.createdAt, emailSubscribers.email)
    .limit(params.limit);
}

/**
 * Suppresses an address for an owner and marks it unsubscribed on every one of their lists, at
 * once (RFC 8058: no further mail after the click). Returns the names of the lists it left.
 */
export async function suppressAddress(
  db: DbExecutor,
  params: {
    ownerId: string;
    email: string;
    reason: 'unsubscribed' | 'bounced' | 'complaint';
    now: Date;
  },
) {
  await db
    .insert(emailSuppressions)
    .values({
      ownerId: params.ownerId,
      email: params.email,
      reason: params.reason,
      createdAt: params.now,
    })
    .onConflictDoNothing();
  const rows = await db.execute<{ name: string }>(sql`
    update ${emailSubscribers} s
       set status = ${{ unsubscribed: 'unsubscribed', bounced: 'bounced', complaint: 'complained' }[params.reason]}, updated_at = ${params.now}
      from ${emailLists} l
     where l.id = s.list_id and l.owner_id = ${params.ownerId} and s.email = ${params.email}
       and s.status in ('subscribed', 'unconfirmed')
    returning l.name`);
  return rows.rows.map((r) => r.name);
}

/** Lifts an unsubscribe (or, with `anyReason`, a bounce or complaint too: the person asked). */
export async function liftSuppression(
  db: DbExecutor,
  params: { ownerId: string; email: string; anyReason?: boolean },
) {
  await db
    .delete(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.ownerId, params.ownerId),
        eq(emailSuppressions.email, params.email),
        params.anyReason ? undefined : eq(emailSuppressions.reason, 'unsubscribed'),
      ),
    );
}

/** The owner's lists this address is on (any status), for the manage-preferences page. */
export async function preferenceLists(db: DbExecutor, params: { ownerId: string; email: string }) {
  return db
    .select({
      id: emailLists.id,
      name: emailLists.name,
      description: emailLists.description,
      status: emailSubscribers.status,
    })
    .from(emailSubscribers)
    .innerJoin(emailLists, eq(emailLists.id, emailSubscribers.listId))
    .where(and(eq(emailLists.ownerId, params.ownerId), eq(emailSubscribers.email, params.email)))
    .orderBy(emailLists.name, emailLists.id);
}

/** The name a sender shows on the preferences page. */
export async function ownerName(db: DbExecutor, params: { ownerId: string }) {
  const [row] = await db
    .select({ name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, params.ownerId));
  return row?.name ?? '';
}

/**
 * Fills an automatic list from ticket holders: of one event, or of every event of the owner.
 * Only people whose mail settings allow organizers' mail ("events" group, email on; no row means
 * the default, on) and who are not suppressed; people already on the list keep their status.
 */
export async function syncAttendees(
  db: DbExecutor,
  params: { list: Pick<ListRow, 'id' | 'ownerId' | 'kind' | 'eventId'> },
) {
  const { list } = params;
  if (list.kind === 'manual') return;
  const which =
    list.kind === 'event_attendees'
      ? sql`e.id = ${list.eventId}`
      : sql`e.user_id = ${list.ownerId}`;
  await db.execute(sql`
    insert into email_subscribers (list_id, email, name, status, source)
    select distinct on (lower(u.email)) ${list.id}::uuid, lower(u.email), coalesce(p.full_name, ''), 'subscribed', 'attendees'
      from tickets t
      join events e on e.id = t.event_id
      join users u on u.id = t.user_id
      left join profiles p on p.id = u.id
      left join notification_settings ns on ns.user_id = u.id
     where ${which} and t.status <> 'void'
       and coalesce((ns.settings -> 'groups' -> 'events' ->> 'email')::boolean, true)
       and not exists (select 1 from email_suppressions x where x.owner_id = ${list.ownerId} and x.email = lower(u.email))
     order by lower(u.email)
    on conflict (list_id, email) do nothing`);
}

// Campaigns.

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
  const stats = new Map<
    string,
    {
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
  >();
  const of = (id: string) => {
    let s = stats.get(id);
    if (!s) {
      s = {
        recipients: 0,
        sent: 0,
        opens: 0,
        clicks: 0,
        unsubscribes: 0,
        bounces: 0,
        failed: 0,
        complaints: 0,
        timeline: [],
      };
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

// Funnels.

export async function findFunnels(db: DbExecutor, params: { owner: Owner }) {
  return db
    .select()
    .from(funnels)
    .where(eq(funnels.ownerId, params.owner.id))
    .orderBy(desc(funnels.updatedAt))
    .limit(200);
}

export async function findOwnedFunnel(db: DbExecutor, params: { id: string; owner: Owner }) {
  const [row] = await db
    .select()
    .from(funnels)
    .where(and(eq(funnels.id, params.id), ownedBy(funnels.ownerId, params.owner)));
  return row;
}

export async function findFunnelBySlug(db: DbExecutor, params: { slug: string }) {
  const [row] = await db.select().from(funnels).where(eq(funnels.slug, params.slug));
  return row;
}

export async function insertFunnel(db: DbExecutor, values: typeof funnels.$inferInsert) {
  const [row] = await db.insert(funnels).values(values).returning();
  return row as FunnelRow;
}

export async function updateOwnedFunnel(
  db: DbExecutor,
  params: { id: string; owner: Owner; set: Partial<typeof funnels.$inferInsert> },
) {
  const [row] = await db
    .update(funnels)
    .set(params.set)
    .where(and(eq(funnels.id, params.id), ownedBy(funnels.ownerId, params.owner)))
    .returning();
  return row;
}

export async function deleteOwnedFunnel(db: DbExecutor, params: { id: string; owner: Owner }) {
  const rows = await db
    .delete(funnels)
    .where(and(eq(funnels.id, params.id), ownedBy(funnels.ownerId, params.owner)))
    .returning({ id: funnels.id });
  return rows.length === 1;
}

export async function bumpFunnelStat(
  db: DbExecutor,
  params: { funnelId: string; step: number; field: 'views' | 'conversions' },
) {
  const one = {
    views: params.field === 'views' ? 1 : 0,
    conversions: params.field === 'conversions' ? 1 : 0,
  };
  await db
    .insert(funnelStepStats)
    .values({ funnelId: params.funnelId, step: params.step, ...one })
    .onConflictDoUpdate({
      target: [funnelStepStats.funnelId, funnelStepStats.step],
      set: { [params.field]: sql`${funnelStepStats[params.field]} + 1` },
    });
}

export async function funnelStats(db: DbExecutor, params: { funnelId: string }) {
  return db.select().from(funnelStepStats).where(eq(funnelStepStats.funnelId, params.funnelId));
}

/** Published public events named by event blocks, with the tickets still for sale. */
export async function funnelEvents(db: DbExecutor, params: { ids: string[] }) {
  if (params.ids.length === 0) return [];
  return db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      location: events.location,
      remaining: sql<
        number | null
      >`(select sum(${ticketTypes.remaining})::int from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id})`,
    })
    .from(events)
    .where(
      and(
        inArray(events.id, params.ids),
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
      ),
    );
}

export async function ownerEvent(db: DbExecutor, params: { id: string; ownerId: string }) {
  const [row] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.id, params.id), eq(events.userId, params.ownerId)));
  return row;
}

export async function findFunnelById(db: DbExecutor, params: { id: string }) {
  const [row] = await db.select().from(funnels).where(eq(funnels.id, params.id));
  return row;
}

/** One row per order (the primary key): a repeated report records nothing. */
export async function insertFunnelOrder(db: DbExecutor, values: typeof funnelOrders.$inferInsert) {
  const rows = await db
    .insert(funnelOrders)
    .values(values)
    .onConflictDoNothing()
    .returning({ orderId: funnelOrders.orderId });
  return rows.length === 1;
}

/**
 * Paid ticket orders per step and currency, net of refunds. Read from the orders at report time
 * (ticket orders have no paid hook), so a refund or a late payment shows at once; a fully
 * refunded, expired or cancelled order does not count.
 */
export async function funnelOrderStats(db: DbExecutor, params: { funnelId: string }) {
  const result = await db.execute<{
    step: number;
    currency: string;
    orders: number;
    cents: number;
  }>(sql`
    select fo.step, o.currency, count(*)::int as orders,
           coalesce(sum(o.total_cents - o.refunded_cents), 0)::int as cents
      from funnel_orders fo join orders o on o.id = fo.order_id
     where fo.funnel_id = ${params.funnelId} and o.status in ('paid', 'partially_refunded')
     group by fo.step, o.currency
     order by fo.step, o.currency`);
  return result.rows;
}
