import { sql, type SQL } from 'drizzle-orm';
import type { AuditQuery } from '../../../contracts/admin';
import type { DbExecutor } from '../../db/client';
import { auditLog } from '../../db/schema/admin';
import { where } from './admin.queries';

// The audit log: what admins did, and (read with it) what team members did for an owner.

export interface AuditInput {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
  requestId?: string | null;
  createdAt?: Date;
}

export async function insertAudit(db: DbExecutor, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    requestId: entry.requestId ?? null,
    ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
  });
}

export type AuditRow = {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  requestId: string | null;
  createdAt: Date;
};

// What team members did for an owner (decision 065) reads in the audit log as `team.<action>`
// on the owner's team, with the event it concerned; the owner reads the same rows on /team.
const AUDIT_AND_TEAMS = sql`(
  select id, actor_id, action, target_type, target_id, details, request_id, created_at
  from audit_log
  union all
  select id, actor_id, 'team.' || action, 'team', owner_id::text,
    jsonb_strip_nulls(jsonb_build_object('ownerId', owner_id, 'eventId', event_id)), null,
    created_at
  from team_activity
)`;

export async function listAudit(db: DbExecutor, query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.action) filters.push(sql`a.action = ${query.action}`);
  if (query.targetType) filters.push(sql`a.target_type = ${query.targetType}`);
  if (query.actorId) filters.push(sql`a.actor_id = ${query.actorId}`);
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = await db.execute<AuditRow>(sql`
    select a.id, a.actor_id as "actorId", u.email as "actorEmail", a.action,
      a.target_type as "targetType", a.target_id as "targetId", a.details,
      a.request_id as "requestId", a.created_at as "createdAt"
    from ${AUDIT_AND_TEAMS} a left join users u on u.id = a.actor_id
    ${where(filters)}
    order by a.created_at desc, a.id desc
    limit ${query.pageSize} offset ${offset}`);
  const [count] = (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${AUDIT_AND_TEAMS} a ${where(filters)}`,
    )
  ).rows;
  return { rows, total: count?.n ?? 0 };
}
