import { queryOptions } from '@tanstack/react-query';
import type {
  Meeting,
  MeetingInput,
  MeetingList,
  ParticipantAction,
  ParticipantList,
} from '../../../contracts/meetings';
import { apiGet, apiPost } from '../../lib/api-client';

export const meetingKeys = {
  mine: ['meetings', 'mine'] as const,
  meeting: (id: string) => ['meetings', id] as const,
  participants: (id: string) => ['meetings', id, 'participants'] as const,
};

export const meetingQuery = (id: string) =>
  queryOptions({
    queryKey: meetingKeys.meeting(id),
    queryFn: ({ signal }) => apiGet<Meeting>(`/api/meetings/${id}`, { signal }),
    retry: false,
  });

export const myMeetingsQuery = queryOptions({
  queryKey: meetingKeys.mine,
  queryFn: ({ signal }) => apiGet<MeetingList>('/api/meetings', { signal }),
});

export const participantsQuery = (id: string) =>
  queryOptions({
    queryKey: meetingKeys.participants(id),
    queryFn: ({ signal }) =>
      apiGet<ParticipantList>(`/api/meetings/${id}/participants`, { signal }),
  });

export const createMeeting = (input: MeetingInput) => apiPost<Meeting>('/api/meetings', input);
export const joinMeeting = (id: string, passcode?: string) =>
  apiPost<Meeting>(`/api/meetings/${id}/join`, passcode ? { passcode } : {});
export const actOn = (id: string, userId: string, action: ParticipantAction) =>
  apiPost<{ ok: true }>(`/api/meetings/${id}/participants/${userId}/${action}`);
export const endMeeting = (id: string) => apiPost<{ ok: true }>(`/api/meetings/${id}/end`);
