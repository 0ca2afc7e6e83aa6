import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../../contracts/ids';
import { ACTING_COOKIE, TeamRoleSchema, type TeamRole } from '../../../contracts/teams';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { orderItems } from '../../db/schema/tickets';
import { teamActivity, teamMembers, teamSettings } from '../../db/schema/teams';
import { profiles } from '../../db/schema/users';
import { currentUser } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { actAsTeamMember, hasSecondFactor, TWO_FACTOR_REQUIRED } from './team-access';
import { roleAllows, type TeamPermission } from './teams.policy';

// The account switcher (decision 065): a member who switched to a team sends the team owner's id
// in a cookie, and the account's own pages (lists, campaigns, funnels, ads, the vendor tracker,
// hire requests) then act for the owner. Event routes need no switch: they find the event's
// owner themselves.

export const ACTING_MESSAGES = {
  role: msg`Your role in this team does not allow this. Switch to your own account or ask the team's owner.`,
  scope: msg`Your role in this team covers chosen events only; this page is for the whole account. Ask the team's owner to give you all events.`,
};

interface Switched {
  role: TeamRole;
  allEvents: boolean;
  eventIds: string[];
  ownerType: AuthUser['userType'];
  blocked: boolean;
}

// Keyed by the signed-in person object like team-access.ts: one lookup per cached session, and a
// team change drops the member's sessions everywhere.
const cache = new WeakMap<object, Map<string, Switched | null>>();

/** The owner id the request asks to act for, when it is someone else's. */
export function requestedOwner(request: FastifyRequest, actor: { id: string }): string | null {
  const value = request.cookies[ACTING_COOKIE];
  return value && isUuid(value) && value !== actor.id ? value.toLowerCase() : null;
}

async function membership(
  db: DbExecutor,
  actor: AuthUser,
  ownerId: string,
): Promise<Switched | null> {
  const cached = cache.get(actor)?.get(ownerId);
  if (cached !== undefined) return cached;
  const [row] = await db
    .select({
      role: teamMembers.role,
      allEvents: teamMembers.allEvents,
      eventIds: teamMembers.eventIds,
      ownerType: profiles.userType,
      requireTwoFactor: teamSettings.requireTwoFactor,
    })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.id, teamMembers.ownerId))
    .leftJoin(teamSettings, eq(teamSettings.ownerId, teamMembers.ownerId))
    .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.memberId, actor.id)));
  const role = TeamRoleSchema.safeParse(row?.role);
  const found =
    row && role.success
      ? {
          role: role.data,
          allEvents: row.allEvents,
          eventIds: row.eventIds,
          ownerType: row.ownerType,
          blocked: row.requireTwoFactor === true && !(await hasSecondFactor(db, actor.id)),
        }
      : null;
  const map = cache.get(actor) ?? new Map<string, Switched | null>();
  map.set(ownerId, found);
  cache.set(actor, map);
  return found;
}

/** The team the member switched to, if they still belong to it (the switcher shows it). */
export async function switchedTeam(
  db: DbExecutor,
  request: FastifyRequest,
  actor: AuthUser,
): Promise<string | null> {
  const ownerId = requestedOwner(request, actor);
  return ownerId && (await membership(db, actor, ownerId)) ? ownerId : null;
}

/** A member switched to a team: the owner, the member's role and the events in their scope. */
export interface TeamView {
  ownerId: string;
  ownerType: AuthUser['userType'];
  role: TeamRole;
  /** The owner's events the member may act on; null for all of them. */
  eventIds: string[] | null;
}

/**
 * The team a member switched to, for the pages that show the owner's events to each role
 * (the host dashboard, My events): null on their own account or after leaving the team. A team
 * requiring two-factor sign-in refuses a member without it, as every team route does.
 */
export async function switchedView(
  db: DbExecutor,
  request: FastifyRequest,
  actor: AuthUser,
): Promise<TeamView | null> {
  const ownerId = requestedOwner(request, actor);
  const team = ownerId ? await membership(db, actor, ownerId) : null;
  if (!ownerId || !team) return null;
  if (team.blocked)
    throw new AppError('FORBIDDEN', TWO_FACTOR_REQUIRED, { reason: 'TWO_FACTOR_REQUIRED' });
  return {
    ownerId,
    ownerType: team.ownerType,
    role: team.role,
    eventIds: team.allEvents ? null : team.eventIds,
  };
}

/**
 * Who an account-wide organizer route acts for. On their own account (or after leaving the team
 * they had switched to) the signed-in person; switched to a team, the owner, when the member's
 * role allows `permission` over all the owner's events (an account's lists and campaigns reach
 * every event's guests). A refusal says why; with `action`, the action goes to the owner's
 * activity log.
 */
export async function actorFor(
  db: DbExecutor,
  request: FastifyRequest,
  need: { permission: TeamPermission; action?: string },
): Promise<AuthUser> {
  const actor = await currentUser(request);
  const ownerId = requestedOwner(request, actor);
  if (!ownerId) return actor;
  const team = await membership(db, actor, ownerId);
  if (!team) return actor;
  if (!roleAllows(team.role, need.permission))
    throw new AppError('FORBIDDEN', ACTING_MESSAGES.role, { reason: 'TEAM_ROLE' });
  if (!team.allEvents)
    throw new AppError('FORBIDDEN', ACTING_MESSAGES.scope, { reason: 'TEAM_SCOPE' });
  if (team.blocked)
    throw new AppError('FORBIDDEN', TWO_FACTOR_REQUIRED, { reason: 'TWO_FACTOR_REQUIRED' });
  if (need.action)
    await db
      .insert(teamActivity)
      .values({ ownerId, actorId: actor.id, eventId: null, action: need.action });
  // The owner's id and kind of account, so the owner-scoped queries and checks run as the
  // owner's; the member's own address stays (a test mail goes to the person who asked for it).
  return { ...actor, id: ownerId, userType: team.ownerType, roles: [] };
}

/**
 * For the pages a switched member may open whatever their role (a ride or a stream they were
 * sent a link to): the owner when the role allows `permission` over all the owner's events, the
 * signed-in person otherwise, who then sees the page as anyone would.
 */
export async function actorOrSelf(
  db: DbExecutor,
  request: FastifyRequest,
  permission: TeamPermission,
): Promise<AuthUser> {
  const actor = await currentUser(request);
  const ownerId = requestedOwner(request, actor);
  const team = ownerId ? await membership(db, actor, ownerId) : null;
  if (!ownerId || !team || !team.allEvents || !roleAllows(team.role, permission)) return actor;
  if (team.blocked)
    throw new AppError('FORBIDDEN', TWO_FACTOR_REQUIRED, { reason: 'TWO_FACTOR_REQUIRED' });
  return { ...actor, id: ownerId, userType: team.ownerType, roles: [] };
}

/**
 * On an order of one of an owner's events (its tax summary, its buyer's billing details): the
 * owner as the actor of the order's queries when `actor` is a member whose role and scope allow
 * `permission` on the order's event, `actor` otherwise. An order over several owners' events
 * stays with its owners and admins.
 */
export async function orderActor(
  db: DbExecutor,
  params: { actor: AuthUser; orderId: string; permission: TeamPermission },
): Promise<AuthUser> {
  const owners = await db
    .selectDistinct({ eventId: events.id, ownerId: events.userId })
    .from(orderItems)
    .innerJoin(events, eq(events.id, orderItems.eventId))
    .where(eq(orderItems.orderId, params.orderId));
  const [only] = owners;
  if (!only || owners.length !== 1 || only.ownerId === params.actor.id) return params.actor;
  const allowed = await actAsTeamMember(db, { ...params, ...only });
  return allowed ? { ...params.actor, id: only.ownerId, roles: [] } : params.actor;
}

/**
 * On one of an owner's events: the owner as the actor of the owner-scoped queries when `actor`
 * is a member whose role and scope allow `permission` there (decision 065), `actor` otherwise,
 * so a refused member gets exactly the answer another user gets.
 */
export async function eventActor(
  db: DbExecutor,
  params: { actor: AuthUser; eventId: string; permission: TeamPermission; action?: string },
): Promise<AuthUser> {
  const [event] = await db
    .select({ ownerId: events.userId })
    .from(events)
    .where(eq(events.id, params.eventId));
  if (!event || event.ownerId === params.actor.id) return params.actor;
  const allowed = await actAsTeamMember(db, { ...params, ownerId: event.ownerId });
  return allowed ? { ...params.actor, id: event.ownerId, roles: [] } : params.actor;
}
