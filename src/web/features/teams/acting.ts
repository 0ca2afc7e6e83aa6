import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Membership } from '../../../contracts/teams';
import { apiRequest } from '../../lib/api-client';
import { membershipsQuery } from './api';

// The account switcher (decision 065). The server keeps the choice in a cookie that the page
// may read (it names an owner, nothing secret), so a reload keeps it and a person on no team
// never asks for their memberships just to draw the header.

// contracts/teams.ts's ACTING_COOKIE; written out so the header's first download does not carry
// the teams contracts (schemas and all) for one name.
const ACTING_COOKIE = 'mea_acting_for';

function actingCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const pair = document.cookie.split('; ').find((part) => part.startsWith(`${ACTING_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(ACTING_COOKIE.length + 1)) || null : null;
}

/** Whether the person switched to a team (the switcher's cookie is there). */
export const isActingForTeam = () => actingCookie() !== null;

/** The team the signed-in person acts for, or null on their own account. */
export function useActingFor(): { team: Membership | null; isLoading: boolean } {
  const switched = isActingForTeam();
  const query = useQuery({ ...membershipsQuery, enabled: switched });
  if (!switched) return { team: null, isLoading: false };
  const actingFor = query.data?.actingFor;
  return {
    team: query.data?.teams.find((team) => team.ownerId === actingFor) ?? null,
    isLoading: query.isPending,
  };
}

/** Switch to a team (its owner's id) or back to one's own account (null); every page reloads its data. */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string | null) =>
      apiRequest('/api/teams/acting-for', { method: 'PUT', body: { ownerId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
