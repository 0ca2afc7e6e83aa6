import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { localeOrSource } from '../../../contracts/locales';
import {
  TEAM_INVITE_DAYS,
  TeamRoleSchema,
  type Membership,
  type Team,
  type TeamInviteInput,
  type TeamInvitePreview,
  type TeamMemberUpdate,
  type TeamSettings,
} from '../../../contracts/teams';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { teamInvites, teamMembers } from '../../db/schema/teams';
import { announceSessionChange, type SessionEvents } from '../../platform/auth/session-events';
import { hashToken, type AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { teamInviteMail } from './teams-mail';
import { canOwnTeam } from './teams.policy';
import {
  findActivity,
  findInviteByHash,
  findMembers,
  findMemberships,
  findOwnerEvents,
  findPendingInvites,
  findTeamSettings,
  ownedEventIds,
  saveTeamSettings,
} from './teams.queries';
import { hasSecondFactor } from './team-access';

// What the event policies use (decision 065): the membership check and the permission names.
export { actAsTeamMember } from './team-access';
export {
  actorFor,
  actorOrSelf,
  eventActor,
  orderActor,
  requestedOwner,
  switchedView,
  type TeamView,
} from './acting-for';
export { roleAllows, type TeamPermission } from './teams.policy';

export interface TeamDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;
  sessionEvents: Pick<SessionEvents, 'settle'>;
}

/**
 * A member's role and scope are cached with their session (team-access.ts); a change to them
 * drops those sessions from every process's cache, as a change to the account's roles does.
 */
async function forgetMembers(deps: TeamDeps, userIds: string[]) {
  const notices = [];
  for (const userId of new Set(userIds))
    notices.push(await announceSessionChange(deps.db, { userId }));
  await Promise.all(notices.map((notice) => deps.sessionEvents.settle(notice)));
}

export const TEAM_MESSAGES = {
  notOwner: msg`Only organizer and venue accounts have a team`,
  memberNotFound: msg`Team member not found`,
  inviteNotFound: msg`Invitation not found`,
  inviteInvalid: msg`This invitation is not valid. Please ask for a new one.`,
  inviteExpired: msg`This invitation has expired. Please ask for a new one.`,
  wrongAccount: msg`This invitation was sent to another email address. Please sign in with that address.`,
  ownTeam: msg`You cannot join your own team`,
  badEvents: msg`Please choose events of your own`,
  notMember: msg`You are not on this team`,
};

const iso = (d: Date) => d.toISOString();
const role = (value: string) => TeamRoleSchema.parse(value);

function requireOwner(actor: AuthUser) {
  if (!canOwnTeam(actor)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.notOwner);
}

/** Chosen events must be the owner's; "all events" keeps no list. */
async function checkedScope(
  deps: TeamDeps,
  ownerId: string,
  input: { allEvents: boolean; eventIds: string[] },
) {
  if (input.allEvents) return { allEvents: true, eventIds: [] as string[] };
  const ids = [...new Set(input.eventIds)];
  const owned = await ownedEventIds(deps.db, { ownerId, ids });
  if (ids.length === 0 || owned.length !== ids.length)
    throw new AppError('VALIDATION_FAILED', TEAM_MESSAGES.badEvents, {
      fields: [{ field: 'body.eventIds', message: 'Please choose events of your own' }],
    });
  return { allEvents: false, eventIds: ids };
}

export async function getTeam(deps: TeamDeps, actor: AuthUser): Promise<Team> {
  requireOwner(actor);
  const [members, invites, events, settings] = await Promise.all([
    findMembers(deps.db, actor.id),
    findPendingInvites(deps.db, { ownerId: actor.id, now: deps.clock.now() }),
    findOwnerEvents(deps.db, actor.id),
    findTeamSettings(deps.db, actor.id),
  ]);
  return {
    requireTwoFactor: settings.requireTwoFactor,
    members: members.map((m) => ({
      id: m.id,
      userId: m.memberId,
      name: m.name,
      email: m.email,
      role: role(m.role),
      allEvents: m.allEvents,
      eventIds: m.eventIds,
      joinedAt: iso(m.createdAt),
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: role(i.role),
      allEvents: i.allEvents,
      eventIds: i.eventIds,
      expiresAt: iso(i.expiresAt),
      createdAt: iso(i.createdAt),
    })),
    events,
  };
}

export async function updateTeamSettings(deps: TeamDeps, actor: AuthUser, input: TeamSettings) {
  requireOwner(actor);
  await saveTeamSettings(deps.db, {
    ownerId: actor.id,
    requireTwoFactor: input.requireTwoFactor,
    now: deps.clock.now(),
  });
  const members = await findMembers(deps.db, actor.id);
  await forgetMembers(
    deps,
    members.map((m) => m.memberId),
  );
}

export async function inviteMember(deps: TeamDeps, actor: AuthUser, input: TeamInviteInput) {
  requireOwner(actor);
  const scope = await checkedScope(deps, actor.id, input);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.db.insert(teamInvites).values({
    ownerId: actor.id,
    email: input.email.trim(),
    role: input.role,
    ...scope,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TEAM_INVITE_DAYS * 24 * 60 * 60_000),
    createdAt: now,
  });
  await enqueueMail(
    deps.jobs,
    teamInviteMail(deps.config, {
      to: input.email.trim(),
      ownerName: actor.fullName,
      locale: localeOrSource(actor.language),
      token,
    }),
  );
}

export async function revokeInvite(deps: TeamDeps, actor: AuthUser, id: string) {
  requireOwner(actor);
  const rows = await deps.db
    .update(teamInvites)
    .set({ revokedAt: deps.clock.now() })
    .where(
      and(
        eq(teamInvites.id, id),
        eq(teamInvites.ownerId, actor.id),
        isNull(teamInvites.acceptedAt),
        isNull(teamInvites.revokedAt),
      ),
    )
    .returning({ id: teamInvites.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', TEAM_MESSAGES.inviteNotFound);
}

async function usableInvite(deps: TeamDeps, token: string) {
  const found = await findInviteByHash(deps.db, hashToken(token));
  if (!found || found.invite.revokedAt || found.invite.acceptedAt)
    throw new AppError('NOT_FOUND', TEAM_MESSAGES.inviteInvalid);
  if (found.invite.expiresAt <= deps.clock.now())
    throw new AppError('UNPROCESSABLE', TEAM_MESSAGES.inviteExpired);
  return found;
}

export async function previewInvite(deps: TeamDeps, token: string): Promise<TeamInvitePreview> {
  const { invite, ownerName } = await usableInvite(deps, token);
  return {
    ownerName,
    email: invite.email,
    role: role(invite.role),
    expiresAt: iso(invite.expiresAt),
  };
}

/** The signed-in person joins the team, when the invitation was mailed to their address. */
export async function acceptInvite(deps: TeamDeps, actor: AuthUser, token: string) {
  const { invite } = await usableInvite(deps, token);
  if (invite.email.toLowerCase() !== actor.email.toLowerCase())
    throw new AppError('FORBIDDEN', TEAM_MESSAGES.wrongAccount);
  if (invite.ownerId === actor.id) throw new AppError('CONFLICT', TEAM_MESSAGES.ownTeam);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(teamInvites)
      .set({ acceptedAt: now, acceptedBy: actor.id })
      .where(and(eq(teamInvites.id, invite.id), isNull(teamInvites.acceptedAt)))
      .returning({ id: teamInvites.id });
    if (claimed.length === 0) throw new AppError('NOT_FOUND', TEAM_MESSAGES.inviteInvalid);
    // Accepting again (a second invite) replaces the role and scope.
    await tx
      .insert(teamMembers)
      .values({
        ownerId: invite.ownerId,
        memberId: actor.id,
        role: invite.role,
        allEvents: invite.allEvents,
        eventIds: invite.eventIds,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [teamMembers.ownerId, teamMembers.memberId],
        set: {
          role: invite.role,
          allEvents: invite.allEvents,
          eventIds: invite.eventIds,
          updatedAt: now,
        },
      });
  });
  await forgetMembers(deps, [actor.id]);
}

export async function updateMember(
  deps: TeamDeps,
  actor: AuthUser,
  params: { id: string; input: TeamMemberUpdate },
) {
  requireOwner(actor);
  const [existing] = await deps.db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.id, params.id), eq(teamMembers.ownerId, actor.id)));
  if (!existing) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  const scope = await checkedScope(deps, actor.id, params.input);
  const rows = await deps.db
    .update(teamMembers)
    .set({ role: params.input.role, ...scope, updatedAt: deps.clock.now() })
    .where(and(eq(teamMembers.id, params.id), eq(teamMembers.ownerId, actor.id)))
    .returning({ memberId: teamMembers.memberId });
  if (rows.length === 0) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  await forgetMembers(
    deps,
    rows.map((r) => r.memberId),
  );
}

export async function removeMember(deps: TeamDeps, actor: AuthUser, id: string) {
  requireOwner(actor);
  const rows = await deps.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.id, id), eq(teamMembers.ownerId, actor.id)))
    .returning({ memberId: teamMembers.memberId });
  if (rows.length === 0) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  await forgetMembers(
    deps,
    rows.map((r) => r.memberId),
  );
}

/** A member leaves a team; `id` is the owner's user id. */
export async function leaveTeam(deps: TeamDeps, actor: AuthUser, ownerId: string) {
  const rows = await deps.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.ownerId, ownerId), eq(teamMembers.memberId, actor.id)))
    .returning({ id: teamMembers.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  await forgetMembers(deps, [actor.id]);
}

export async function listActivity(deps: TeamDeps, actor: AuthUser) {
  requireOwner(actor);
  const rows = await findActivity(deps.db, actor.id);
  return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/** The teams the person belongs to and the owner's events they may act on. */
export async function listMemberships(deps: TeamDeps, actor: AuthUser): Promise<Membership[]> {
  const rows = await findMemberships(deps.db, actor.id);
  const secondFactor = rows.some((m) => m.requireTwoFactor)
    ? await hasSecondFactor(deps.db, actor.id)
    : true;
  return Promise.all(
    rows.map(async (m) => {
      const events = await findOwnerEvents(deps.db, m.ownerId);
      return {
        ownerId: m.ownerId,
        ownerName: m.ownerName,
        role: role(m.role),
        allEvents: m.allEvents,
        ownerType: m.ownerType,
        events: m.allEvents ? events : events.filter((e) => m.eventIds.includes(e.id)),
        needsTwoFactor: m.requireTwoFactor === true && !secondFactor,
      };
    }),
  );
}
