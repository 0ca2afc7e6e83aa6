import type { MeetingParticipantStatus } from '../../../contracts/meetings';

export type JoinVerdict = 'ended' | 'removed' | 'denied' | 'in' | 'waiting' | 'knock';

/**
 * What happens when someone opens the room (decision 031): the host is always in; an ended room
 * takes nobody; a removed or denied person stays out until the host admits them again; someone
 * waiting keeps waiting; a first visit knocks (passcode, then lobby or straight in).
 */
export function canJoinAs(params: {
  isHost: boolean;
  ended: boolean;
  status: MeetingParticipantStatus | null;
}): JoinVerdict {
  if (params.ended) return 'ended';
  if (params.isHost) return 'in';
  switch (params.status) {
    case 'removed':
      return 'removed';
    case 'denied':
      return 'denied';
    case 'admitted':
      return 'in';
    case 'waiting':
      return 'waiting';
    default:
      return 'knock';
  }
}
