import { msg } from '@lingui/core/macro';
import { and, eq, sql } from 'drizzle-orm';
import { TeamRoleSchema, type TeamRole } from '../../../contracts/teams';
import type { DbExecutor } from '../../db/client';
import { passkeys } from '../../db/schema/auth';
import { teamActivity, teamMembers, teamSettings } from '../../db/schema/teams';
import { twoFactorEnabledAt } from '../../platform/auth/second-factor';
import { AppError } from '../../platform/http/errors';
import { roleAllows, type TeamPermission } from './teams.policy';

// The one membership lookup the event policies use (decision 065). It reads only the teams
// tables (and whether the member has a second factor), so the events module can call it without
// the teams module ever importing events.

export const TWO_FACTOR_REQUIRED = msg`This team requires two-factor sign-in. Turn it on under Security in your account settings, then try again.`;

interface Access {
  role: TeamRole | null;
  /** The owner requires two-factor sign-in and the member has neither an authenticator nor a passkey. */
  blocked: boolean;
}

// Keyed by the signed-in person object, which the session cache keeps for a few seconds
// (platform/auth/session-cache.ts): a member's role and scope are looked up once per cached
// session, and a team change drops the member's sessions everywhere (teams.service
// `forgetMembers`), so the next request reads the new role.
const cache = new WeakMap<object, Map<string, Access>>();

/** Whether the person signs in with a second factor: an authenticator app or a passkey. */
export async function hasSecondFactor(db: DbExecutor, userId: string): Promise<boolean> {
  if (await twoFactorEnabledAt(db, userId)) return true;
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return Boolean(row);
}

/** The member's role for the owner's event (in scope), or null. */
async function teamAccess(
  db: DbExecutor,
  params: { userId: string; ownerId: string; eventId: string },
  cacheKey: object,
): Promise<Access> {
  const key = `${params.ownerId}:${params.eventId}`;
  const cached = cache.get(cacheKey)?.get(key);
  if (cached !== undefined) return cached;
  const [row] = await db
    .select({ role: teamMembers.role, requireTwoFactor: teamSettings.requireTwoFactor })
    .from(teamMembers)
    .leftJoin(teamSettings, eq(teamSettings.ownerId, teamMembers.ownerId))
    .where(
      and(
        eq(teamMembers.ownerId, params.ownerId),
        eq(teamMembers.memberId, params.userId),
        sql`(${teamMembers.allEvents} or ${params.eventId}::uuid = any(${teamMembers.eventIds}))`,
      ),
    );
  const parsed = TeamRoleSchema.safeParse(row?.role);
  const role = parsed.success ? parsed.data : null;
  const blocked =
    role !== null && row?.requireTwoFactor === true && !(await hasSecondFactor(db, params.userId));
  const access = { role, blocked };
  const map = cache.get(cacheKey) ?? new Map<string, Access>();
  map.set(key, access);
  cache.set(cacheKey, map);
  return access;
}

/**
 * Whether a member may take `permission` on the owner's event. With `action`, the action is
 * written to the owner's activity log; reads and check-ins (one per guest) pass none. A member
 * whose role allows it but who lacks the second factor the team requires is told so.
 */
export async function actAsTeamMember(
  db: DbExecutor,
  params: {
    actor: { id: string };
    ownerId: string;
    eventId: string;
    permission: TeamPermission;
    action?: string;
  },
): Promise<boolean> {
  const { role, blocked } = await teamAccess(
    db,
    { userId: params.actor.id, ownerId: params.ownerId, eventId: params.eventId },
    params.actor,
  );
  if (!roleAllows(role, params.permission)) return false;
  if (blocked)
    throw new AppError('FORBIDDEN', TWO_FACTOR_REQUIRED, { reason: 'TWO_FACTOR_REQUIRED' });
  if (params.action)
    await db.insert(teamActivity).values({
      ownerId: params.ownerId,
      actorId: params.actor.id,
      eventId: params.eventId,
      action: params.action,
    });
  return true;
}
