import type { Meeting } from '../../../contracts/meetings';
import type { MeetingRow } from './meetings.queries';

export function presentMeeting(row: MeetingRow, viewerId: string): Meeting {
  const m = row.meeting;
  return {
    id: m.id,
    title: m.title,
    host: { id: m.hostId, name: row.hostName },
    lobby: m.lobby,
    hasPasscode: m.passcodeHash !== null,
    eventId: m.eventId,
    createdAt: m.createdAt.toISOString(),
    endedAt: m.endedAt?.toISOString() ?? null,
    isHost: m.hostId === viewerId,
    status: row.status ?? null,
  };
}
