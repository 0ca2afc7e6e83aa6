import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { teamActivity, teamInvites, teamMembers, teamSettings } from '../../db/schema/teams';
import { profiles, users } from '../../db/schema/users';

export type MemberRow = typeof teamMembers.$inferSelect & { name: string; email: string };

export async function findMembers(db: DbExecutor, ownerId: string): Promise<MemberRow[]> {
  return db
    .select({ ...getColumns(), name: profiles.fullName, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberId))
    .innerJoin(profiles, eq(profiles.id, teamMembers.memberId))
    .where(eq(teamMembers.ownerId, ownerId))
    .orderBy(teamMembers.createdAt);
}

function getColumns() {
  return {
    id: teamMembers.id,
    ownerId: teamMembers.ownerId,
    memberId: teamMembers.memberId,
    role: teamMembers.role,
    allEvents: teamMembers.allEvents,
    eventIds: teamMembers.eventIds,
    createdAt: teamMembers.createdAt,
    updatedAt: teamMembers.updatedAt,
  };
}

/** Pending invitations: neither accepted, revoked nor expired. */
export async function findPendingInvites(db: DbExecutor, params: { ownerId: string; now: Date }) {
  return db
    .select()
    .from(teamInvites)
    .where(
      and(
        eq(teamInvites.ownerId, params.ownerId),
        isNull(teamInvites.acceptedAt),
        isNull(teamInvites.revokedAt),
        gt(teamInvites.expiresAt, params.now),
      ),
    )
    .orderBy(desc(teamInvites.createdAt));
}

export async function findOwnerEvents(db: DbExecutor, ownerId: string) {
  return db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(eq(events.userId, ownerId))
    .orderBy(desc(events.startsAt));
}

/** Of `ids`, those that are the owner's events. */
export async function ownedEventIds(db: DbExecutor, params: { ownerId: string; ids: string[] }) {
  if (params.ids.length === 0) return [];
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, params.ownerId), inArray(events.id, params.ids)));
  return rows.map((r) => r.id);
}

export async function findActivity(db: DbExecutor, ownerId: string) {
  return db
    .select({
      id: teamActivity.id,
      actorName: profiles.fullName,
      eventId: teamActivity.eventId,
      eventTitle: events.title,
      action: teamActivity.action,
      createdAt: teamActivity.createdAt,
    })
    .from(teamActivity)
    .leftJoin(profiles, eq(profiles.id, teamActivity.actorId))
    .leftJoin(events, eq(events.id, teamActivity.eventId))
    .where(eq(teamActivity.ownerId, ownerId))
    .orderBy(desc(teamActivity.createdAt))
    .limit(200);
}

/** The teams the person belongs to, with the owner's name and whether they require 2FA. */
export async function findMemberships(db: DbExecutor, memberId: string) {
  return db
    .select({
      ...getColumns(),
      ownerName: profiles.fullName,
      ownerType: profiles.userType,
      requireTwoFactor: teamSettings.requireTwoFactor,
    })
    .from(teamMembers)
    .innerJoin(profiles, eq(profiles.id, teamMembers.ownerId))
    .leftJoin(teamSettings, eq(teamSettings.ownerId, teamMembers.ownerId))
    .where(eq(teamMembers.memberId, memberId))
    .orderBy(profiles.fullName);
}

export async function findInviteByHash(db: DbExecutor, tokenHash: string) {
  const [row] = await db
    .select({ invite: teamInvites, ownerName: profiles.fullName })
    .from(teamInvites)
    .innerJoin(profiles, eq(profiles.id, teamInvites.ownerId))
    .where(eq(teamInvites.tokenHash, tokenHash));
  return row;
}

export async function findTeamSettings(db: DbExecutor, ownerId: string) {
  const [row] = await db
    .select({ requireTwoFactor: teamSettings.requireTwoFactor })
    .from(teamSettings)
    .where(eq(teamSettings.ownerId, ownerId));
  return { requireTwoFactor: row?.requireTwoFactor ?? false };
}

export async function saveTeamSettings(
  db: DbExecutor,
  params: { ownerId: string; requireTwoFactor: boolean; now: Date },
) {
  await db
    .insert(teamSettings)
    .values({
      ownerId: params.ownerId,
      requireTwoFactor: params.requireTwoFactor,
      updatedAt: params.now,
    })
    .onConflictDoUpdate({
      target: teamSettings.ownerId,
      set: { requireTwoFactor: params.requireTwoFactor, updatedAt: params.now },
    });
}
