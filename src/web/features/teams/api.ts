import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MembershipList,
  Team,
  TeamActivityList,
  TeamInviteInput,
  TeamInvitePreview,
  TeamMemberUpdate,
  TeamSettings,
} from '../../../contracts/teams';
import { apiDelete, apiGet, apiPatch, apiPost, apiRequest } from '../../lib/api-client';

export const teamKeys = {
  all: ['teams'] as const,
  mine: ['teams', 'mine'] as const,
  activity: ['teams', 'activity'] as const,
  memberships: ['teams', 'memberships'] as const,
  invite: (token: string) => ['team-invite', token] as const,
};

export const teamQuery = queryOptions({
  queryKey: teamKeys.mine,
  queryFn: ({ signal }) => apiGet<Team>('/api/teams', { signal }),
});

export const activityQuery = queryOptions({
  queryKey: teamKeys.activity,
  queryFn: ({ signal }) => apiGet<TeamActivityList>('/api/teams/activity', { signal }),
});

export const membershipsQuery = queryOptions({
  queryKey: teamKeys.memberships,
  queryFn: ({ signal }) =>
    apiGet<MembershipList>('/api/teams/memberships', {
      signal,
    }),
});

export const invitePreviewQuery = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invite(token),
    queryFn: () => apiPost<TeamInvitePreview>('/api/teams/invites/preview', { token }),
    retry: false,
  });

/** Every team change reloads the owner's team and the member's list. */
function useTeamMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export const useInvite = () =>
  useTeamMutation((input: TeamInviteInput) => apiPost('/api/teams/invites', input));
export const useRevokeInvite = () =>
  useTeamMutation((id: string) => apiDelete(`/api/teams/invites/${id}`));
export const useUpdateMember = () =>
  useTeamMutation(({ id, input }: { id: string; input: TeamMemberUpdate }) =>
    apiPatch(`/api/teams/members/${id}`, input),
  );
export const useRemoveMember = () =>
  useTeamMutation((id: string) => apiDelete(`/api/teams/members/${id}`));
export const useLeaveTeam = () =>
  useTeamMutation((ownerId: string) => apiDelete(`/api/teams/memberships/${ownerId}`));
export const useAcceptInvite = () =>
  useTeamMutation((token: string) => apiPost('/api/teams/invites/accept', { token }));
export const useTeamSettings = () =>
  useTeamMutation((input: TeamSettings) =>
    apiRequest('/api/teams/settings', { method: 'PUT', body: input }),
  );
