import { msg } from '@lingui/core/macro';
import type {
  MeetingInput,
  ParticipantAction,
  MeetingParticipantStatus,
} from '../../../contracts/meetings';
import {
  MEETING_CLOSE,
  MEETING_MAX_PARTICIPANTS,
  MEETING_MESSAGES,
  MeetingInputSchema,
} from '../../../contracts/meetings';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { requireFeature } from '../entitlements/entitlements.service';
import * as q from './meetings.queries';
import { canJoinAs } from './meetings.policy';
import { presentMeeting } from './meetings.presenter';
import { publish } from './meetings.relay';

export interface MeetingDeps {
  db: Database;
  clock: Clock;
}
type Actor = Pick<AuthUser, 'id' | 'roles'>;

/**
 * Hosting a room is a subscriber feature (decision 031): any live subscription, whatever the
 * plan, through the subscriptions service's gate ("Meetings needs the … plan").
 */
export async function createMeeting(
  deps: MeetingDeps,
  params: { actor: Actor; input: MeetingInput },
) {
  const input = MeetingInputSchema.parse(params.input);
  await requireFeature(deps.db, { userId: params.actor.id, feature: 'meetings' });
  if (
    input.eventId &&
    !(await q.organizesEvent(deps.db, { userId: params.actor.id, eventId: input.eventId }))
  )
    throw new AppError('VALIDATION_FAILED', msg`Event not found`, {
      fields: [{ field: 'eventId', message: 'Event not found' }],
    });
  const passcodeHash = input.passcode ? await hashPassword(input.passcode) : null;
  const row = await deps.db.transaction((tx) =>
    q.insertMeeting(tx, {
      hostId: params.actor.id,
      title: input.title,
      lobby: input.lobby,
      passcodeHash,
      eventId: input.eventId ?? null,
    }),
  );
  return getMeeting(deps, { actor: params.actor, id: row.id });
}

async function loadMeeting(deps: MeetingDeps, params: { actor: Actor; id: string }) {
  const row = await q.findMeeting(deps.db, { id: params.id, userId: params.actor.id });
  if (!row) throw new AppError('NOT_FOUND', MEETING_MESSAGES.notFound);
  return row;
}

/** Anyone signed in with the link sees the room's title and how to get in (not who is inside). */
export async function getMeeting(deps: MeetingDeps, params: { actor: Actor; id: string }) {
  return presentMeeting(await loadMeeting(deps, params), params.actor.id);
}

export async function listMyMeetings(deps: MeetingDeps, params: { actor: Actor }) {
  const rows = await q.listHostedMeetings(deps.db, { hostId: params.actor.id });
  return rows.map((row) => presentMeeting(row, params.actor.id));
}

/**
 * Entering from the pre-join page: the passcode is checked once, then the person is admitted or
 * (with a lobby) waits for the host. Someone removed or denied stays out until the host admits
 * them again; an ended room takes nobody.
 */
export async function joinMeeting(
  deps: MeetingDeps,
  params: { actor: Actor; id: string; passcode?: string },
) {
  const row = await loadMeeting(deps, params);
  const isHost = row.meeting.hostId === params.actor.id;
  const verdict = canJoinAs({
    isHost,
    ended: row.meeting.endedAt !== null,
    status: row.status,
  });
  if (verdict === 'ended') throw new AppError('CONFLICT', MEETING_MESSAGES.ended);
  if (verdict === 'removed') throw new AppError('FORBIDDEN', MEETING_MESSAGES.removed);
  if (verdict === 'denied') throw new AppError('FORBIDDEN', MEETING_MESSAGES.denied);
  if (verdict === 'knock') {
    if (row.meeting.passcodeHash) {
      const passcode = params.passcode ?? '';
      const ok = passcode !== '' && (await verifyPassword(row.meeting.passcodeHash, passcode));
      if (!ok) {
        const message = passcode ? MEETING_MESSAGES.passcode : MEETING_MESSAGES.passcodeRequired;
        throw new AppError('VALIDATION_FAILED', message, {
          fields: [{ field: 'passcode', message }],
        });
      }
    }
    const status: MeetingParticipantStatus = row.meeting.lobby ? 'waiting' : 'admitted';
    await deps.db.transaction(async (tx) => {
      const now = await q.addParticipant(tx, {
        meetingId: row.meeting.id,
        userId: params.actor.id,
        status,
      });
      if (now === 'waiting')
        await publish(tx, { m: row.meeting.id, host: true, frame: { type: 'lobby' } });
    });
  }
  // Told now rather than after the camera preview: the socket would refuse anyway.
  const fresh = await loadMeeting(deps, params);
  if (fresh.status === 'admitted' && !isHost) {
    const live = await q.countLivePeers(deps.db, { meetingId: row.meeting.id });
    if (live >= MEETING_MAX_PARTICIPANTS) throw new AppError('CONFLICT', MEETING_MESSAGES.full);
  }
  return presentMeeting(fresh, params.actor.id);
}

export async function listParticipants(deps: MeetingDeps, params: { actor: Actor; id: string }) {
  const row = await loadMeeting(deps, params);
  if (row.meeting.hostId !== params.actor.id)
    throw new AppError('FORBIDDEN', MEETING_MESSAGES.hostOnly);
  return q.listParticipants(deps.db, { meetingId: params.id, hostId: params.actor.id });
}

const STATUS_OF: Record<Exclude<ParticipantAction, 'mute'>, MeetingParticipantStatus> = {
  admit: 'admitted',
  deny: 'denied',
  remove: 'removed',
};

/** Host controls on one person: admit or deny from the lobby, remove, or mute. */
export async function actOnParticipant(
  deps: MeetingDeps,
  params: { actor: Actor; id: string; userId: string; action: ParticipantAction },
) {
  const row = await loadMeeting(deps, params);
  if (row.meeting.hostId !== params.actor.id)
    throw new AppError('FORBIDDEN', MEETING_MESSAGES.hostOnly);
  if (params.userId === params.actor.id)
    throw new AppError('BAD_REQUEST', msg`The host cannot do that to themselves`);
  const m = row.meeting.id;
  await deps.db.transaction(async (tx) => {
    if (params.action === 'mute') {
      await publish(tx, { m, user: params.userId, frame: { type: 'force-mute' } });
      return;
    }
    const updated = await q.setParticipantStatus(tx, {
      meetingId: m,
      hostId: params.actor.id,
      userId: params.userId,
      status: STATUS_OF[params.action],
      now: deps.clock.now(),
    });
    if (!updated) throw new AppError('NOT_FOUND', msg`This person has not asked to join`);
    if (params.action === 'remove')
      await publish(tx, {
        m,
        user: params.userId,
        close: { code: MEETING_CLOSE.removed, reason: MEETING_MESSAGES.removed },
      });
    await publish(tx, { m, host: true, frame: { type: 'lobby' } });
  });
  return { ok: true as const };
}

/** End for all: every socket in the room is closed and nobody can join again. */
export async function endMeeting(deps: MeetingDeps, params: { actor: Actor; id: string }) {
  const row = await loadMeeting(deps, params);
  if (row.meeting.hostId !== params.actor.id)
    throw new AppError('FORBIDDEN', MEETING_MESSAGES.hostOnly);
  await deps.db.transaction(async (tx) => {
    const ended = await q.endMeeting(tx, {
      id: row.meeting.id,
      hostId: params.actor.id,
      now: deps.clock.now(),
    });
    if (ended)
      await publish(tx, {
        m: row.meeting.id,
        close: { code: MEETING_CLOSE.ended, reason: MEETING_MESSAGES.ended },
      });
  });
  return { ok: true as const };
}
