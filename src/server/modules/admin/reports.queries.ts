import { and, eq, sql, type SQL } from 'drizzle-orm';
import type {
  ReportQuery,
  ReportReason,
  ReportStatus,
  ReportTarget,
} from '../../../contracts/admin';
import type { Role } from '../../../contracts/enums';
import type { DbExecutor } from '../../db/client';
import { reports } from '../../db/schema/admin';

// The reports queue. The console reads the reported things' tables through its own
// queries, as it does for users, events and orders (decision 020); changes go through services.

/**
 * The person responsible for the target, when the reporter may see the target at all: a
 * published event, a message in a chat the reporter is in, an existing profile, an event review,
 * a ride to a published event (its driver).
 * Null when there is nothing (visible) to report, so ids cannot be probed through reports.
 */
export async function reportableTarget(
  db: DbExecutor,
  params: { targetType: ReportTarget; targetId: string; reporterId: string },
): Promise<{ authorId: string | null } | null> {
  const { targetId, reporterId } = params;
  let query: SQL;
  switch (params.targetType) {
    case 'event':
      query = sql`select user_id as author_id from events
        where id = ${targetId} and event_status = 'published'`;
      break;
    case 'message':
      query = sql`select m.sender_id as author_id from messages m
        join chat_participants p on p.chat_id = m.chat_id and p.user_id = ${reporterId}
        where m.id = ${targetId} and m.deleted_at is null`;
      break;
    case 'user':
      query = sql`select id as author_id from profiles where id = ${targetId}`;
      break;
    case 'event_feedback':
      query = sql`select user_id as author_id from event_feedback where id = ${targetId}`;
      break;
    case 'ride':
      query = sql`select r.driver_id as author_id from rides r
        join events e on e.id = r.event_id
        where r.id = ${targetId} and e.event_status = 'published'`;
      break;
  }
  const { rows } = await db.execute<{ author_id: string | null }>(query);
  const row = rows[0];
  return row ? { authorId: row.author_id } : null;
}

/** Inserts the report unless the reporter already has an open one on the target (null then). */
export async function insertReport(
  db: DbExecutor,
  params: {
    reporterId: string;
    targetType: ReportTarget;
    targetId: string;
    reason: ReportReason;
    details: string;
    now: Date;
  },
): Promise<{ id: string } | null> {
  const rows = await db
    .insert(reports)
    .values({
      reporterId: params.reporterId,
      targetType: params.targetType,
      targetId: params.targetId,
      reason: params.reason,
      details: params.details,
      createdAt: params.now,
    })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  return rows[0] ?? null;
}

export type ReportRow = {
  id: string;
  target_type: ReportTarget;
  target_id: string;
  reason: ReportReason;
  details: string;
  status: ReportStatus;
  reporter_id: string | null;
  reporter_name: string | null;
  handled_by: string | null;
  handler_name: string | null;
  handled_at: Date | string | null;
  resolution: string | null;
  created_at: Date | string;
  open_on_target: number | string;
  /** Whether the target still exists. */
  found: boolean;
  preview_title: string | null;
  preview_text: string | null;
  hidden: boolean | null;
  event_id: string | null;
  author_id: string | null;
  author_name: string | null;
  author_suspended: boolean;
};

/** A page of the queue with each target's preview: one statement, whatever the kinds. */
export async function listReports(db: DbExecutor, query: ReportQuery) {
  const filters: SQL[] = [sql`r.status = ${query.status}::report_status`];
  if (query.targetType) filters.push(sql`r.target_type = ${query.targetType}::report_target`);
  const where = sql.join(filters, sql` and `);
  // Open reports oldest first (a queue); handled ones newest first (a history).
  const order = query.status === 'open' ? sql`asc` : sql`desc`;
  const offset = (query.page - 1) * query.pageSize;
  const [{ rows }, count] = await Promise.all([
    db.execute<ReportRow>(sql`
      select r.id, r.target_type, r.target_id, r.reason, r.details, r.status, r.reporter_id,
        rp.full_name as reporter_name, r.handled_by, hp.full_name as handler_name, r.handled_at,
        r.resolution, r.created_at,
        (select count(*) from reports o where o.target_type = r.target_type
          and o.target_id = r.target_id and o.status = 'open') as open_on_target,
        coalesce(e.id, m.id, pu.id, f.id, rd.id) is not null as found,
        case r.target_type
          when 'event' then e.title
          when 'message' then 'Message from ' || coalesce(ap.full_name, 'a deleted account')
          when 'user' then pu.full_name
          when 'event_feedback' then 'Review of ' || fe.title
          when 'ride' then 'Ride to ' || re.title
        end as preview_title,
        case r.target_type
          when 'event' then left(e.description, 400)
          when 'message' then left(m.body, 400)
          when 'user' then concat_ws(' · ', pu.user_type::text, pu.business_name)
          when 'event_feedback' then f.rating || '/5 · ' || left(coalesce(f.comment, ''), 400)
          when 'ride' then concat_ws(' · ', 'From ' || rd.departure_area, nullif(rd.car, ''),
            left(nullif(rd.notes, ''), 400))
        end as preview_text,
        case r.target_type
          when 'event' then e.event_status <> 'published'
          when 'message' then m.deleted_at is not null
          when 'user' then s.user_id is not null
          when 'event_feedback' then f.comment_hidden
          when 'ride' then rd.status = 'cancelled'
        end as hidden,
        coalesce(e.id, fe.id) as event_id,
        ap.id as author_id, ap.full_name as author_name, s.user_id is not null as author_suspended
      from reports r
      left join profiles rp on rp.id = r.reporter_id
      left join profiles hp on hp.id = r.handled_by
      left join events e on r.target_type = 'event' and e.id = r.target_id
      left join messages m on r.target_type = 'message' and m.id = r.target_id
      left join profiles pu on r.target_type = 'user' and pu.id = r.target_id
      left join event_feedback f on r.target_type = 'event_feedback' and f.id = r.target_id
      left join events fe on fe.id = f.event_id
      left join rides rd on r.target_type = 'ride' and rd.id = r.target_id
      left join events re on re.id = rd.event_id
      left join profiles ap on ap.id = coalesce(e.user_id, m.sender_id, pu.id, f.user_id, rd.driver_id)
      left join account_suspensions s on s.user_id = ap.id
      where ${where}
      order by r.created_at ${order}, r.id ${order}
      limit ${query.pageSize} offset ${offset}`),
    db.execute<{ n: string }>(sql`select count(*) as n from reports r where ${where}`),
  ]);
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** The report, locked for its decision (two moderators acting at once: one wins, one sees 409). */
export async function reportForUpdate(db: DbExecutor, params: { id: string }) {
  const rows = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      status: reports.status,
    })
    .from(reports)
    .where(eq(reports.id, params.id))
    .for('update');
  return rows[0] ?? null;
}

/** Who is responsible for the target now (null when it or its author is gone). */
export async function targetAuthor(
  db: DbExecutor,
  params: { targetType: ReportTarget; targetId: string },
): Promise<{ id: string; roles: Role[] } | null> {
  const { targetId } = params;
  const author = {
    event: sql`select user_id as id from events where id = ${targetId}`,
    message: sql`select sender_id as id from messages where id = ${targetId}`,
    user: sql`select id from users where id = ${targetId}`,
    event_feedback: sql`select user_id as id from event_feedback where id = ${targetId}`,
    ride: sql`select driver_id as id from rides where id = ${targetId}`,
  }[params.targetType];
  const { rows } = await db.execute<{ id: string | null; roles: Role[] | null }>(sql`
    with a as (${author})
    select a.id, array(select role::text from user_roles where user_id = a.id) as roles
    from a where a.id is not null`);
  const row = rows[0];
  return row?.id ? { id: row.id, roles: row.roles ?? [] } : null;
}

/** Closes every open report on the target with the moderator's decision; returns their ids. */
export async function resolveReports(
  db: DbExecutor,
  params: {
    targetType: ReportTarget;
    targetId: string;
    status: Exclude<ReportStatus, 'open'>;
    resolution: string;
    by: string;
    now: Date;
  },
): Promise<string[]> {
  const rows = await db
    .update(reports)
    .set({
      status: params.status,
      resolution: params.resolution,
      handledBy: params.by,
      handledAt: params.now,
    })
    .where(
      and(
        eq(reports.targetType, params.targetType),
        eq(reports.targetId, params.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ id: reports.id });
  return rows.map((r) => r.id);
}
