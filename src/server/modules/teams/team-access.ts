import { and, eq, sql } from 'drizzle-orm';
import { TeamRoleSchema, type TeamRole } from '../../../contracts/teams';
import type { DbExecutor } from '../../db/client';
import { teamActivity, teamMembers } from '../../db/schema/teams';
import { roleAllows, type TeamPermission } from './teams.policy';

// The one membership lookup the event policies use (decision 065). It reads only the teams
// tables, so the events module can call it without the teams module ever importing events.

// Per request: the signed-in person object lives for one request, so it keys the cache.
const cache = new WeakMap<object, Map<string, TeamRole | null>>();

/** The member's role for the owner's event (in scope), or null. */
export async function teamAccess(
  db: DbExecutor,
  params: { userId: string; ownerId: string; eventId: string },
  cacheKey?: object,
): Promise<TeamRole | null> {
  const key = `${params.ownerId}:${params.eventId}`;
  const cached = cacheKey ? cache.get(cacheKey)?.get(key) : undefined;
  if (cached !== undefined) return cached;
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.ownerId, params.ownerId),
        eq(teamMembers.memberId, params.userId),
        sql`(${teamMembers.allEvents} or ${params.eventId}::uuid = any(${teamMembers.eventIds}))`,
      ),
    );
  const parsed = TeamRoleSchema.safeParse(row?.role);
  const role = parsed.success ? parsed.data : null;
  if (cacheKey) {
    const map = cache.get(cacheKey) ?? new Map<string, TeamRole | null>();
    map.set(key, role);
    cache.set(cacheKey, map);
  }
  return role;
}

/**
 * Whether a member may take `permission` on the owner's event; when they may, the action is
 * written to the owner's activity log.
 */
export async function actAsTeamMember(
  db: DbExecutor,
  params: {
    actor: { id: string };
    ownerId: string;
    eventId: string;
    permission: TeamPermission;
  },
): Promise<boolean> {
  const role = await teamAccess(
    db,
    { userId: params.actor.id, ownerId: params.ownerId, eventId: params.eventId },
    params.actor,
  );
  if (!roleAllows(role, params.permission)) return false;
  await db.insert(teamActivity).values({
    ownerId: params.ownerId,
    actorId: params.actor.id,
    eventId: params.eventId,
    action: params.permission,
  });
  return true;
}
