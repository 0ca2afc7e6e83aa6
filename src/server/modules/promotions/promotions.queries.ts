import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PromoPlacement, PromoStatus } from '../../../contracts/promotions';
import { compiledStatement, type DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import {
  promoCampaigns,
  promoDailyStats,
  promoMarks,
  promoViewerCaps,
} from '../../db/schema/promotions';
import { profiles, users } from '../../db/schema/users';
import type { MirrorRead, MirrorRow } from './campaign-mirror';

export type AdCampaignRow = typeof promoCampaigns.$inferSelect;
export type AdCampaignWithTotals = AdCampaignRow & { impressions: number; clicks: number };

/** The cost of one unit in millicents: a CPM price is per 1,000 impressions, a CPC per click. */
const viewCost = sql`(case when ${promoCampaigns.pricing} = 'cpm' then ${promoCampaigns.priceCents} else 0 end)::bigint`;
const clickCost = sql`(case when ${promoCampaigns.pricing} = 'cpc' then ${promoCampaigns.priceCents}::bigint * 1000 else 0 end)`;
const unitCost = sql`(case when ${promoCampaigns.pricing} = 'cpm' then ${promoCampaigns.priceCents}::bigint else ${promoCampaigns.priceCents}::bigint * 1000 end)`;
const daySpent = (day: string) =>
  sql`(case when ${promoCampaigns.spendDay} = ${day}::date then ${promoCampaigns.daySpentMillicents} else 0 end)`;

const totals = {
  impressions: sql<number>`coalesce((select sum(${promoDailyStats.impressions}) from ${promoDailyStats} where ${promoDailyStats.campaignId} = ${promoCampaigns.id}), 0)::int`,
  clicks: sql<number>`coalesce((select sum(${promoDailyStats.clicks}) from ${promoDailyStats} where ${promoDailyStats.campaignId} = ${promoCampaigns.id}), 0)::int`,
};

export async function insertAdCampaign(
  db: DbExecutor,
  values: typeof promoCampaigns.$inferInsert,
): Promise<AdCampaignRow | undefined> {
  const [row] = await db.insert(promoCampaigns).values(values).returning();
  return row;
}

/** One campaign of its owner (admins pass `asAdmin` and see any). */
export async function findAdCampaign(
  db: DbExecutor,
  params: { id: string; ownerId: string; asAdmin?: boolean },
): Promise<AdCampaignWithTotals | undefined> {
  const [row] = await db
    .select({ campaign: promoCampaigns, ...totals })
    .from(promoCampaigns)
    .where(
      and(
        eq(promoCampaigns.id, params.id),
        params.asAdmin ? undefined : eq(promoCampaigns.ownerId, params.ownerId),
      ),
    );
  return row && { ...row.campaign, impressions: row.impressions, clicks: row.clicks };
}

export async function findAdCampaignsOfOwner(
  db: DbExecutor,
  params: { ownerId: string },
): Promise<AdCampaignWithTotals[]> {
  const rows = await db
    .select({ campaign: promoCampaigns, ...totals })
    .from(promoCampaigns)
    .where(eq(promoCampaigns.ownerId, params.ownerId))
    .orderBy(desc(promoCampaigns.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row.campaign, impressions: row.impressions, clicks: row.clicks }));
}

export async function findAdCampaignsInStatus(db: DbExecutor, params: { status: PromoStatus }) {
  const rows = await db
    .select({
      campaign: promoCampaigns,
      ...totals,
      ownerName: profiles.fullName,
      ownerEmail: users.email,
    })
    .from(promoCampaigns)
    .innerJoin(users, eq(users.id, promoCampaigns.ownerId))
    .innerJoin(profiles, eq(profiles.id, promoCampaigns.ownerId))
    .where(eq(promoCampaigns.status, params.status))
    .orderBy(promoCampaigns.createdAt)
    .limit(200);
  return rows.map((row) => ({
    ...row.campaign,
    impressions: row.impressions,
    clicks: row.clicks,
    ownerName: row.ownerName,
    ownerEmail: row.ownerEmail,
  }));
}

/**
 * Moves a campaign between statuses in one guarded UPDATE (the `from` list is the only states
 * it may leave), so two reviewers or a double click cannot both act on it.
 */
export async function transitionAdCampaign(
  db: DbExecutor,
  params: {
    id: string;
    from: readonly PromoStatus[];
    to: PromoStatus;
    now: Date;
    ownerId?: string;
    values?: Partial<typeof promoCampaigns.$inferInsert>;
  },
): Promise<AdCampaignRow | undefined> {
  const [row] = await db
    .update(promoCampaigns)
    .set({ ...params.values, status: params.to, updatedAt: params.now })
    .where(
      and(
        eq(promoCampaigns.id, params.id),
        sql`${promoCampaigns.status} in ${params.from}`,
        params.ownerId ? eq(promoCampaigns.ownerId, params.ownerId) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function updateOwnedAdCampaign(
  db: DbExecutor,
  params: {
    id: string;
    ownerId: string;
    asAdmin: boolean;
    values: Partial<typeof promoCampaigns.$inferInsert>;
  },
) {
  const [row] = await db
    .update(promoCampaigns)
    .set(params.values)
    .where(
      and(
        eq(promoCampaigns.id, params.id),
        params.asAdmin ? undefined : eq(promoCampaigns.ownerId, params.ownerId),
        sql`${promoCampaigns.status} not in ('rejected', 'ended')`,
      ),
    )
    .returning();
  return row;
}

export async function findDailyStats(db: DbExecutor, params: { campaignId: string }) {
  return db
    .select()
    .from(promoDailyStats)
    .where(eq(promoDailyStats.campaignId, params.campaignId))
    .orderBy(promoDailyStats.day)
    .limit(400);
}

/** A 32-bit transaction id at or after `since` (modulo wrap-around): written after that read. */
const writtenSince = (xmin: SQL, since: unknown) =>
  sql`mod(${xmin}::text::bigint - ${since}::bigint + 4294967296, 4294967296) < 2147483648`;

/**
 * The live campaigns for each process's mirror (campaign-mirror.ts): every live one ending after
 * `horizon` on a full read (`since` null), else every campaign whose row or linked event was
 * written by a transaction the read of `since` could not see (its snapshot's oldest running
 * transaction or later: a few seen rows again, never a change missed), whatever its status now.
 * In the same snapshot: this read's own horizon and the count of live campaigns ending after
 * `horizon`, which shows deletions. A prepared statement of plain rows (decision 114).
 */
const campaignChangesStatement = compiledStatement(['full', 'since', 'horizon'], (v) => {
  const eventEnd = sql`coalesce(${events.endsAt}, ${events.startsAt} + interval '24 hours')`;
  return sql`
    with s as (
      select (pg_snapshot_xmin(pg_current_snapshot())::text::bigint % 4294967296)::text as snapshot,
        (select count(*)::int from ${promoCampaigns} where ${promoCampaigns.status} = 'live'
          and ${promoCampaigns.endsAt} > ${v.horizon}::timestamptz) as live_count
    ),
    changed as (
      select ${promoCampaigns.id} as id, ${promoCampaigns.placement} as placement,
        ${promoCampaigns.status} = 'live' as live,
        (${promoCampaigns.eventId} is null or (${events.eventStatus} = 'published'
          and ${events.visibility} = 'public')) as event_shown,
        ${promoCampaigns.headline} as headline, ${promoCampaigns.body} as body,
        ${promoCampaigns.imageUrl} as image_url, ${promoCampaigns.imageAlt} as image_alt,
        ${promoCampaigns.targetPath} as target_path,
        -- Milliseconds since 1970 as numbers, compared with the request's clock (no Date per row).
        date_part('epoch', ${promoCampaigns.startsAt}) * 1000 as starts_at,
        date_part('epoch', ${promoCampaigns.endsAt}) * 1000 as ends_at,
        case when ${promoCampaigns.eventId} is null then null
          else date_part('epoch', ${eventEnd}) * 1000 end as event_ends_at,
        ${promoCampaigns.targetCategories} as categories, ${promoCampaigns.targetCities} as cities,
        ${promoCampaigns.targetAccountTypes} as account_types,
        ${promoCampaigns.frequencyCap} as frequency_cap,
        ${promoCampaigns.totalBudgetCents}::float8 * 1000 as total_millicents,
        ${promoCampaigns.dailyBudgetCents}::float8 * 1000 as daily_millicents,
        ${unitCost}::float8 as unit_millicents,
        ${promoCampaigns.spentMillicents}::float8 as spent_millicents,
        ${promoCampaigns.daySpentMillicents}::float8 as day_spent_millicents,
        ${promoCampaigns.spendDay}::text as spend_day
      from ${promoCampaigns} left join ${events} on ${events.id} = ${promoCampaigns.eventId}
      where case when ${v.full}::boolean
        then ${promoCampaigns.status} = 'live' and ${promoCampaigns.endsAt} > ${v.horizon}::timestamptz
        else ${writtenSince(sql`${promoCampaigns}.xmin`, v.since)}
          or (${events.id} is not null and ${writtenSince(sql`${events}.xmin`, v.since)}) end
    )
    select s.snapshot, s.live_count, changed.* from s left join changed on true`;
});

interface ChangedRow {
  snapshot: string;
  live_count: number;
  id: string | null;
  placement: PromoPlacement;
  live: boolean;
  event_shown: boolean;
  headline: string;
  body: string;
  image_url: string | null;
  image_alt: string;
  target_path: string;
  starts_at: number;
  ends_at: number;
  event_ends_at: number | null;
  categories: string[];
  cities: string[];
  account_types: string[];
  frequency_cap: number;
  total_millicents: number;
  daily_millicents: number;
  unit_millicents: number;
  spent_millicents: number;
  day_spent_millicents: number;
  spend_day: string | null;
}

export async function loadCampaignChanges(
  db: DbExecutor,
  params: { since: string | null; horizon: Date },
): Promise<MirrorRead> {
  const rows = await campaignChangesStatement<ChangedRow>(db, {
    full: params.since === null,
    since: params.since ?? '0',
    horizon: params.horizon.toISOString(),
  });
  const first = rows[0];
  if (!first) throw new Error('the campaign changes statement answered no row');
  const lower = (values: string[]) =>
    values.length === 0 ? values : values.map((value) => value.toLowerCase());
  const changed: MirrorRow[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    changed.push({
      id: row.id,
      placement: row.placement,
      live: row.live,
      eventShown: row.event_shown,
      item: {
        id: row.id,
        headline: row.headline,
        body: row.body,
        imageUrl: row.image_url,
        imageAlt: row.image_alt,
        targetPath: row.target_path,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        eventEndsAt: row.event_ends_at,
        categories: lower(row.categories),
        cities: lower(row.cities),
        accountTypes: row.account_types,
        frequencyCap: row.frequency_cap,
      },
      totalMillicents: row.total_millicents,
      dailyMillicents: row.daily_millicents,
      unitMillicents: row.unit_millicents,
      spentMillicents: row.spent_millicents,
      daySpentMillicents: row.day_spent_millicents,
      spendDay: row.spend_day,
    });
  }
  return { snapshot: first.snapshot, liveCount: first.live_count, rows: changed };
}

/**
 * Several viewers' views of the day in one statement (the caps reads of the requests that arrive
 * together, decision 123): one map per asked viewer, in order, empty for a viewer with none.
 */
export async function findViewersViews(
  db: DbExecutor,
  asked: readonly { viewer: string; day: string }[],
): Promise<Map<string, number>[]> {
  const rows = await viewersViewsStatement<{ ord: number; campaign_id: string; views: number }>(
    db,
    { viewers: asked.map((a) => a.viewer), days: asked.map((a) => a.day) },
  );
  const maps = asked.map(() => new Map<string, number>());
  for (const row of rows) maps[row.ord - 1]?.set(row.campaign_id, row.views);
  return maps;
}

const viewersViewsStatement = compiledStatement(
  ['viewers', 'days'],
  (v) => sql`
    select a.ord::int as ord, c.campaign_id, c.views
    from unnest(${v.viewers}::text[], ${v.days}::date[]) with ordinality as a(viewer, day, ord)
    join ${promoViewerCaps} c on c.viewer = a.viewer and c.day = a.day`,
);

/**
 * Records views or clicks of served items and charges for them, in the caller's transaction.
 * Each serve counts once per kind (the marks' primary key); a campaign is charged with one
 * guarded UPDATE that takes only as many units as both budgets still cover, so spend never
 * passes a budget however many beacons arrive at once. Returns how many units were counted.
 */
export async function recordMarks(
  tx: DbExecutor,
  params: {
    kind: 'view' | 'click';
    marks: { serveId: string; campaignId: string }[];
    viewer: string;
    day: string;
    now: Date;
  },
): Promise<number> {
  if (params.marks.length === 0) return 0;
  const inserted = await tx
    .insert(promoMarks)
    .values(
      params.marks.map((mark) => ({
        serveId: mark.serveId,
        campaignId: mark.campaignId,
        kind: params.kind,
        createdAt: params.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ campaignId: promoMarks.campaignId });
  const perCampaign = new Map<string, number>();
  for (const row of inserted)
    perCampaign.set(row.campaignId, (perCampaign.get(row.campaignId) ?? 0) + 1);
  let counted = 0;
  // A stable order, so two batches locking the same campaigns cannot deadlock.
  for (const [campaignId, wanted] of [...perCampaign].sort(([a], [b]) => a.localeCompare(b))) {
    const cost = params.kind === 'view' ? viewCost : clickCost;
    const { units, spent } = await chargeUnits(tx, { campaignId, wanted, cost, day: params.day });
    if (units === 0) continue;
    counted += units;
    await tx
      .insert(promoDailyStats)
      .values({
        campaignId,
        day: params.day,
        impressions: params.kind === 'view' ? units : 0,
        clicks: params.kind === 'click' ? units : 0,
        spendMillicents: spent,
      })
      .onConflictDoUpdate({
        target: [promoDailyStats.campaignId, promoDailyStats.day],
        set: {
          spendMillicents: sql`${promoDailyStats.spendMillicents} + ${spent}`,
          ...(params.kind === 'view'
            ? { impressions: sql`${promoDailyStats.impressions} + ${units}` }
            : { clicks: sql`${promoDailyStats.clicks} + ${units}` }),
        },
      });
    if (params.kind === 'view')
      await tx
        .insert(promoViewerCaps)
        .values({ campaignId, viewer: params.viewer, day: params.day, views: units })
        .onConflictDoUpdate({
          target: [promoViewerCaps.viewer, promoViewerCaps.day, promoViewerCaps.campaignId],
          set: { views: sql`${promoViewerCaps.views} + ${units}` },
        });
  }
  return counted;
}

/** The guarded charge: takes up to `wanted` units within both budgets; returns units taken. */
async function chargeUnits(
  tx: DbExecutor,
  params: { campaignId: string; wanted: number; cost: ReturnType<typeof sql>; day: string },
): Promise<{ units: number; spent: number }> {
  const { day, cost } = params;
  const result = await tx.execute<{ units: number; spent: string }>(sql`
    with c as (
      select ${promoCampaigns.id} as id,
        case when ${cost} = 0 then ${params.wanted}
        else greatest(0, least(
          ${params.wanted}::bigint,
          (${promoCampaigns.totalBudgetCents}::bigint * 1000 - ${promoCampaigns.spentMillicents}) / ${cost},
          (${promoCampaigns.dailyBudgetCents}::bigint * 1000 - ${daySpent(day)}) / ${cost}
        )) end as units,
        ${cost} as cost
      from ${promoCampaigns}
      where ${promoCampaigns.id} = ${params.campaignId}
        and ${promoCampaigns.status} in ('live', 'paused')
      -- NO KEY UPDATE: the marks and stats rows inserted beside it hold KEY SHARE locks on
      -- the campaign (their foreign keys); FOR UPDATE would conflict with those and two
      -- beacons for one campaign would deadlock.
      for no key update
    )
    update ${promoCampaigns} set
      spent_millicents = ${promoCampaigns.spentMillicents} + c.units * c.cost,
      day_spent_millicents = ${daySpent(day)} + c.units * c.cost,
      spend_day = ${day}::date
    from c
    where ${promoCampaigns.id} = c.id
    returning c.units::int as units, (c.units * c.cost)::text as spent
  `);
  const row = result.rows[0];
  if (!row || row.units <= 0) return { units: 0, spent: 0 };
  return { units: row.units, spent: Number(row.spent) };
}

/** Deletes up to `limit` once-only marks made before `before`; returns how many. */
export async function deleteMarksBefore(
  db: DbExecutor,
  params: { before: Date; limit: number },
): Promise<number> {
  const result = await db.execute(sql`
    delete from ${promoMarks} where ctid in (
      select ctid from ${promoMarks}
      where ${promoMarks.createdAt} < ${params.before.toISOString()}::timestamptz
      limit ${params.limit}
    )`);
  return result.rowCount ?? 0;
}

/**
 * One batch of buffered views (view-buffer.ts), in the caller's transaction, in three
 * statements whatever its size: the once-only marks (a serving already counted, by any process,
 * is dropped by the primary key); one statement that locks every campaign of the batch in id
 * order, takes for each only the units both budgets still cover and adds them to the day's
 * stats; then the viewers' views of their day (the frequency caps). The batch is charged to the
 * UTC day it is written (`day`): a view in the last second before midnight counts on the next
 * day, rather than moving a campaign's day-spend back a day. Rows are sorted so two processes
 * writing batches at once take their locks in the same order (no deadlock). Returns how many
 * views were counted (charged).
 */
export async function writeViewBatch(
  tx: DbExecutor,
  params: {
    views: { serveId: string; campaignId: string; viewer: string; day: string }[];
    day: string;
    now: Date;
  },
): Promise<number> {
  if (params.views.length === 0) return 0;
  const { day } = params;
  const views = [...params.views].sort((a, b) => (a.serveId < b.serveId ? -1 : 1));
  const inserted = await tx.execute<{ serve_id: string }>(sql`
    insert into ${promoMarks} (serve_id, kind, campaign_id, created_at)
    select m.serve_id, 'view', m.campaign_id, ${params.now.toISOString()}::timestamptz
    from unnest(${pgArray(views.map((v) => v.serveId))}::uuid[],
                ${pgArray(views.map((v) => v.campaignId))}::uuid[]) as m(serve_id, campaign_id)
    on conflict do nothing
    returning serve_id`);
  const fresh = new Set(inserted.rows.map((row) => row.serve_id));
  const perCampaign = new Map<string, number>();
  const caps = new Map<string, number>();
  for (const view of views) {
    if (!fresh.has(view.serveId)) continue;
    perCampaign.set(view.campaignId, (perCampaign.get(view.campaignId) ?? 0) + 1);
    const capKey = `${view.viewer}\n${view.day}\n${view.campaignId}`;
    caps.set(capKey, (caps.get(capKey) ?? 0) + 1);
  }
  if (perCampaign.size === 0) return 0;
  const ids = [...perCampaign.keys()].sort();
  const result = await tx.execute<{ units: number }>(sql`
    with wanted as (
      select w.id, w.n from unnest(${pgArray(ids)}::uuid[],
        ${pgArray(ids.map((id) => String(perCampaign.get(id) ?? 0)))}::int[]) as w(id, n)
    ),
    locked as (
      select ${promoCampaigns.id} as id, wanted.n,
        ${promoCampaigns.totalBudgetCents}::bigint * 1000 - ${promoCampaigns.spentMillicents} as total_left,
        ${promoCampaigns.dailyBudgetCents}::bigint * 1000 - ${daySpent(day)} as day_left,
        ${viewCost} as cost
      from ${promoCampaigns} join wanted on wanted.id = ${promoCampaigns.id}
      where ${promoCampaigns.status} in ('live', 'paused')
      order by ${promoCampaigns.id}
      -- NO KEY UPDATE: the marks just inserted hold KEY SHARE locks on these rows through
      -- their foreign key (decision 025).
      for no key update of ${promoCampaigns}
    ),
    c as (
      select id, cost, case when cost = 0 then n
        else greatest(0, least(n::bigint, total_left / cost, day_left / cost)) end as units
      from locked
    ),
    charged as (
      update ${promoCampaigns} set
        spent_millicents = ${promoCampaigns.spentMillicents} + c.units * c.cost,
        day_spent_millicents = ${daySpent(day)} + c.units * c.cost,
        spend_day = ${day}::date
      from c
      where ${promoCampaigns.id} = c.id and c.units > 0
      returning c.id, c.units, c.units * c.cost as spent
    ),
    stats as (
      insert into ${promoDailyStats} (campaign_id, day, impressions, clicks, spend_millicents)
      select id, ${day}::date, units, 0, spent from charged order by id
      on conflict (campaign_id, day) do update set
        impressions = ${promoDailyStats.impressions} + excluded.impressions,
        spend_millicents = ${promoDailyStats.spendMillicents} + excluded.spend_millicents
    )
    select coalesce(sum(units), 0)::int as units from charged`);
  const keys = [...caps.keys()].sort();
  const parts = keys.map((key) => key.split('\n'));
  await tx.execute(sql`
    insert into ${promoViewerCaps} (viewer, day, campaign_id, views)
    select * from unnest(${pgArray(parts.map((p) => p[0] ?? ''))}::text[],
      ${pgArray(parts.map((p) => p[1] ?? ''))}::date[],
      ${pgArray(parts.map((p) => p[2] ?? ''))}::uuid[],
      ${pgArray(keys.map((key) => String(caps.get(key) ?? 0)))}::int[])
    on conflict (viewer, day, campaign_id) do update set
      views = ${promoViewerCaps.views} + excluded.views`);
  return result.rows[0]?.units ?? 0;
}

/** A text[] literal for unnest: one parameter however long the batch (no parameter limit). */
function pgArray(values: readonly string[]) {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

/** The database's name: a process keeps its unwritten views per database (decision 152). */
export async function currentDatabaseName(db: DbExecutor): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(sql`select current_database() as name`);
  return rows[0]?.name ?? 'default';
}
