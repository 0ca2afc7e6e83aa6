import { sql } from 'drizzle-orm';
import { compiledStatement, type DbExecutor } from '../../db/client';
import { affiliates, referralClicks, referrals } from '../../db/schema/affiliates';
import { events } from '../../db/schema/events';

// The statements of click counting (decision 023, batched by decision 123): the clicks kept
// once per visitor and window, and folding them into the referral counters.

export interface ClickTarget {
  userId: string;
  code: string;
  /** The linked event when it is published and public; null for the site-wide link. */
  eventId: string | null;
  /** The spec §4 record of this referrer and event, when a click already created it. */
  referralId: string | null;
  /** Whether this click was kept (always false when `referralId` was null). */
  kept: boolean;
}

export interface ClickInput {
  code: string;
  eventId: string | null;
  viewerId: string | null;
  visitorKey: string;
  bucket: number;
  test: boolean;
  now: Date;
}

/**
 * Many clicks in one statement (decision 123; one click per statement before, decision 023): per
 * click the code's affiliate, the event if it may be linked and the referral record, and the
 * click kept unless this visitor already clicked this link in this window (the unique key; the
 * same click twice in one batch keeps the first) or the viewer is the referrer. Nothing here
 * updates the referral row: the kept click is `pending` until `foldClicks` adds it to
 * `referrals.clicks`. Rows are inserted in key order, so batches of two processes cannot
 * deadlock on each other's keys. One result per input, null for an unknown code.
 */
const clickBatchStatement = compiledStatement(
  ['codes', 'eventIds', 'viewerIds', 'visitorKeys', 'buckets', 'tests', 'times'],
  (v) => sql`
    with input as (
      select * from unnest(${v.codes}::text[], ${v.eventIds}::uuid[], ${v.viewerIds}::uuid[],
        ${v.visitorKeys}::text[], ${v.buckets}::int[], ${v.tests}::boolean[],
        ${v.times}::timestamptz[])
        with ordinality as i(code, event_id, viewer_id, visitor_key, bucket, test, at, ord)
    ), target as (
      select i.ord, i.viewer_id, i.visitor_key, i.bucket, i.test, i.at,
        a.user_id, a.code, e.id as event_id, r.id as referral_id
      from input i
      join ${affiliates} a on a.code = i.code
      left join ${events} e
        on e.id = i.event_id and e.event_status = 'published' and e.visibility = 'public'
      left join lateral (
        select id from ${referrals}
        where e.id is not null and referrer_id = a.user_id and event_id = e.id
        union all
        select id from ${referrals}
        where e.id is null and referrer_id = a.user_id and event_id is null
      ) r on true
    ), wanted as (
      select distinct on (referral_id, visitor_key, bucket, test)
        ord, referral_id, visitor_key, bucket, test, at
      from target
      where referral_id is not null and (test or user_id is distinct from viewer_id)
      order by referral_id, visitor_key, bucket, test, ord
    ), kept as (
      insert into ${referralClicks} (referral_id, visitor_key, bucket, test, pending, created_at)
      select referral_id, visitor_key, bucket, test, not test, at from wanted
      order by referral_id, visitor_key, bucket, test
      on conflict do nothing
      returning referral_id, visitor_key, bucket, test
    )
    select t.ord::int as ord, t.user_id, t.code, t.event_id, t.referral_id,
      exists (
        select 1 from kept k join wanted w using (referral_id, visitor_key, bucket, test)
        where w.ord = t.ord
      ) as kept
    from target t`,
);

export async function clickBatch(
  db: DbExecutor,
  clicks: readonly ClickInput[],
): Promise<(ClickTarget | null)[]> {
  const rows = await clickBatchStatement<{
    ord: number;
    user_id: string;
    code: string;
    event_id: string | null;
    referral_id: string | null;
    kept: boolean;
  }>(db, {
    codes: clicks.map((c) => c.code),
    eventIds: clicks.map((c) => c.eventId),
    viewerIds: clicks.map((c) => c.viewerId),
    visitorKeys: clicks.map((c) => c.visitorKey),
    buckets: clicks.map((c) => c.bucket),
    tests: clicks.map((c) => c.test),
    times: clicks.map((c) => c.now),
  });
  const results: (ClickTarget | null)[] = clicks.map(() => null);
  for (const row of rows)
    results[row.ord - 1] = {
      userId: row.user_id,
      code: row.code,
      eventId: row.event_id,
      referralId: row.referral_id,
      kept: row.kept,
    };
  return results;
}

/**
 * Keeps the click unless this visitor already clicked this link in this window (the unique key:
 * concurrent repeats keep exactly one). A real click is pending until folded into the counter.
 */
export async function insertClick(
  db: DbExecutor,
  params: { referralId: string; visitorKey: string; bucket: number; test: boolean; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(referralClicks)
    .values({
      referralId: params.referralId,
      visitorKey: params.visitorKey,
      bucket: params.bucket,
      test: params.test,
      pending: !params.test,
      createdAt: params.now,
    })
    .onConflictDoNothing()
    .returning({ id: referralClicks.id });
  return rows.length > 0;
}

/**
 * Adds pending clicks to their referral's `clicks` (spec §3) and marks them counted, in one
 * statement: a reader sees a click either pending or in the counter, never both. Concurrent folds
 * take disjoint rows (`skip locked`), so none is added twice. Runs every minute and before the
 * counter is read as it is; the dashboard reads counter + pending and needs no fold.
 */
export async function foldClicks(db: DbExecutor, params: { limit: number }): Promise<number> {
  const result = await db.execute<{ folded: number }>(sql`
    with picked as (
      select id from ${referralClicks} where pending
      limit ${params.limit} for update skip locked
    ), folded as (
      update ${referralClicks} c set pending = false
      from picked where c.id = picked.id
      returning c.referral_id, c.created_at
    ), sums as (
      select referral_id, count(*)::int as n, max(created_at) as last
      from folded group by referral_id
    ), counted as (
      update ${referrals} r set clicks = r.clicks + sums.n, updated_at = greatest(r.updated_at, sums.last)
      from sums where r.id = sums.referral_id
      returning 1
    )
    select coalesce((select sum(n) from sums), 0)::int as folded, (select count(*) from counted) as _`);
  return result.rows[0]?.folded ?? 0;
}
