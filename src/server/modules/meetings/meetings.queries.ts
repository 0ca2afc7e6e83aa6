import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PeerState, MeetingParticipantStatus } from '../../../contracts/meetings';
import type { DbExecutor } from '../../db/client';
import { must } from '../../platform/must';
import { events } from '../../db/schema/events';
import {
  meetingConnections,
  meetingParticipants,
  meetings,
  meetingSignalBodies,
} from '../../db/schema/meetings';
import { profiles } from '../../db/schema/users';

// Host-only reads and writes carry `host_id = $actor` in their WHERE; a guest's own row is keyed
// by their user id. Connection liveness uses the database's clock (it is not business time).

/** A socket not refreshed for this long belongs to an instance that died: it stops counting. */
const STALE = sql`now() - interval '60 seconds'`;

export async function insertMeeting(
  db: DbExecutor,
  params: {
    hostId: string;
    title: string;
    lobby: boolean;
    passcodeHash: string | null;
    eventId: string | null;
  },
) {
  const [inserted] = await db.insert(meetings).values(params).returning();
  const row = must(inserted, 'meeting');
  await db
    .insert(meetingParticipants)
    .values({ meetingId: row.id, userId: params.hostId, status: 'admitted' });
  return row;
}

/** Whether the person organizes the event (a room started from its page). */
export async function organizesEvent(db: DbExecutor, params: { userId: string; eventId: string }) {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, params.eventId), eq(events.userId, params.userId)));
  return Boolean(row);
}

const meetingColumns = {
  meeting: meetings,
  hostName: profiles.fullName,
};

/** The room with its host's name and the caller's standing in it. */
export async function findMeeting(db: DbExecutor, params: { id: string; userId: string }) {
  const [row] = await db
    .select({ ...meetingColumns, status: meetingParticipants.status })
    .from(meetings)
    .innerJoin(profiles, eq(profiles.id, meetings.hostId))
    .leftJoin(
      meetingParticipants,
      and(
        eq(meetingParticipants.meetingId, meetings.id),
        eq(meetingParticipants.userId, params.userId),
      ),
    )
    .where(eq(meetings.id, params.id));
  return row ?? null;
}
export type MeetingRow = NonNullable<Awaited<ReturnType<typeof findMeeting>>>;

export async function listHostedMeetings(db: DbExecutor, params: { hostId: string }) {
  return db
    .select({ ...meetingColumns, status: meetingParticipants.status })
    .from(meetings)
    .innerJoin(profiles, eq(profiles.id, meetings.hostId))
    .leftJoin(
      meetingParticipants,
      and(
        eq(meetingParticipants.meetingId, meetings.id),
        eq(meetingParticipants.userId, params.hostId),
      ),
    )
    .where(eq(meetings.hostId, params.hostId))
    .orderBy(desc(meetings.createdAt))
    .limit(50);
}

/** A guest knocking or entering: a first visit only (an existing standing is never overwritten). */
export async function addParticipant(
  db: DbExecutor,
  params: { meetingId: string; userId: string; status: MeetingParticipantStatus },
) {
  await db.insert(meetingParticipants).values(params).onConflictDoNothing();
  const [row] = await db
    .select({ status: meetingParticipants.status })
    .from(meetingParticipants)
    .where(
      and(
        eq(meetingParticipants.meetingId, params.meetingId),
        eq(meetingParticipants.userId, params.userId),
      ),
    );
  return must(row, 'participant').status;
}

/** The host sets a guest's standing; null when the room is not theirs or the guest never came. */
export async function setParticipantStatus(
  db: DbExecutor,
  params: {
    meetingId: string;
    hostId: string;
    userId: string;
    status: MeetingParticipantStatus;
    now: Date;
  },
) {
  const [row] = await db
    .update(meetingParticipants)
    .set({ status: params.status, updatedAt: params.now })
    .where(
      and(
        eq(meetingParticipants.meetingId, params.meetingId),
        eq(meetingParticipants.userId, params.userId),
        sql`exists (select 1 from ${meetings} where ${meetings.id} = ${params.meetingId} and ${meetings.hostId} = ${params.hostId})`,
      ),
    )
    .returning({ userId: meetingParticipants.userId });
  return row ?? null;
}

export async function listParticipants(
  db: DbExecutor,
  params: { meetingId: string; hostId: string },
) {
  return db
    .select({
      userId: meetingParticipants.userId,
      name: profiles.fullName,
      status: meetingParticipants.status,
      connected: sql<boolean>`exists (select 1 from ${meetingConnections} c where c.meeting_id = ${meetingParticipants.meetingId} and c.user_id = ${meetingParticipants.userId} and c.seen_at > ${STALE})`,
    })
    .from(meetingParticipants)
    .innerJoin(meetings, eq(meetings.id, meetingParticipants.meetingId))
    .innerJoin(profiles, eq(profiles.id, meetingParticipants.userId))
    .where(
      and(eq(meetingParticipants.meetingId, params.meetingId), eq(meetings.hostId, params.hostId)),
    )
    .orderBy(meetingParticipants.createdAt)
    .limit(200);
}

export async function endMeeting(
  db: DbExecutor,
  params: { id: string; hostId: string; now: Date },
) {
  const [row] = await db
    .update(meetings)
    .set({ endedAt: params.now })
    .where(
      and(eq(meetings.id, params.id), eq(meetings.hostId, params.hostId), sql`ended_at is null`),
    )
    .returning({ id: meetings.id });
  return row ?? null;
}

// ---------------------------------------------------------------- live connections

/**
 * Opens a connection for an admitted person, unless the room is ended or full. The room row is
 * locked so two people joining at once on two instances cannot both take the last place.
 */
export async function openConnection(
  tx: DbExecutor,
  params: { meetingId: string; userId: string; max: number },
): Promise<
  { ok: true; id: string } | { ok: false; reason: 'gone' | 'ended' | 'full' | 'not-admitted' }
> {
  const [meeting] = await tx
    .select({ endedAt: meetings.endedAt, status: meetingParticipants.status })
    .from(meetings)
    .leftJoin(
      meetingParticipants,
      and(
        eq(meetingParticipants.meetingId, meetings.id),
        eq(meetingParticipants.userId, params.userId),
      ),
    )
    .where(eq(meetings.id, params.meetingId))
    .for('update', { of: meetings });
  if (!meeting) return { ok: false, reason: 'gone' };
  if (meeting.endedAt) return { ok: false, reason: 'ended' };
  if (meeting.status !== 'admitted') return { ok: false, reason: 'not-admitted' };
  await tx
    .delete(meetingConnections)
    .where(
      and(eq(meetingConnections.meetingId, params.meetingId), lt(meetingConnections.seenAt, STALE)),
    );
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(meetingConnections)
    .where(eq(meetingConnections.meetingId, params.meetingId));
  if ((count?.n ?? 0) >= params.max) return { ok: false, reason: 'full' };
  const [row] = await tx
    .insert(meetingConnections)
    .values({ meetingId: params.meetingId, userId: params.userId })
    .returning({ id: meetingConnections.id });
  return { ok: true, id: must(row, 'connection').id };
}

/** Live people in the room (with the host flag), oldest first. */
export async function listPeers(db: DbExecutor, params: { meetingId: string }) {
  return db
    .select({
      peerId: meetingConnections.id,
      userId: meetingConnections.userId,
      name: profiles.fullName,
      isHost: sql<boolean>`${meetings.hostId} = ${meetingConnections.userId}`,
      muted: meetingConnections.muted,
      cameraOff: meetingConnections.cameraOff,
      handRaised: meetingConnections.handRaised,
      sharing: meetingConnections.sharing,
    })
    .from(meetingConnections)
    .innerJoin(profiles, eq(profiles.id, meetingConnections.userId))
    .innerJoin(meetings, eq(meetings.id, meetingConnections.meetingId))
    .where(
      and(
        eq(meetingConnections.meetingId, params.meetingId),
        sql`${meetingConnections.seenAt} > ${STALE}`,
      ),
    )
    .orderBy(meetingConnections.connectedAt);
}

export async function countLivePeers(db: DbExecutor, params: { meetingId: string }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(meetingConnections)
    .where(
      and(
        eq(meetingConnections.meetingId, params.meetingId),
        sql`${meetingConnections.seenAt} > ${STALE}`,
      ),
    );
  return row?.n ?? 0;
}

export async function setConnectionState(db: DbExecutor, params: { id: string; state: PeerState }) {
  await db.update(meetingConnections).set(params.state).where(eq(meetingConnections.id, params.id));
}

export async function closeConnection(db: DbExecutor, params: { id: string }) {
  await db.delete(meetingConnections).where(eq(meetingConnections.id, params.id));
}

export async function touchConnections(db: DbExecutor, params: { ids: string[] }) {
  if (!params.ids.length) return;
  // inArray, not `any(${ids}::uuid[])`: drizzle spreads an array into a list of parameters, so
  // that cast failed on every beat, no row was ever refreshed, and after 60 s everyone in a room
  // counted as gone (a newcomer was welcomed to an empty room and deleted the others' rows).
  await db
    .update(meetingConnections)
    .set({ seenAt: sql`now()` })
    .where(inArray(meetingConnections.id, params.ids));
}

// ---------------------------------------------------------------- large signal bodies

export async function storeSignalBody(db: DbExecutor, params: { body: string }) {
  await db.delete(meetingSignalBodies).where(lt(meetingSignalBodies.createdAt, STALE));
  const [row] = await db
    .insert(meetingSignalBodies)
    .values({ body: params.body })
    .returning({ id: meetingSignalBodies.id });
  return must(row, 'signal body').id;
}

export async function findSignalBody(db: DbExecutor, params: { id: number }) {
  const [row] = await db
    .select({ body: meetingSignalBodies.body })
    .from(meetingSignalBodies)
    .where(eq(meetingSignalBodies.id, params.id));
  return row?.body ?? null;
}
