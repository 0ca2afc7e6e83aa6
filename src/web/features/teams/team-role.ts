import { useQuery } from '@tanstack/react-query';
import type { TeamRole } from '../../../contracts/teams';
import { membershipsQuery } from './api';

/**
 * The signed-in person's role on someone else's event through that owner's team, or null.
 * Pages use it only to show their form; the server checks the role again on every request.
 */
export function useTeamRole(eventId: string, ownerId: string | undefined): TeamRole | null {
  const teams = useQuery({ ...membershipsQuery, enabled: Boolean(ownerId) });
  const team = teams.data?.teams.find((m) => m.ownerId === ownerId);
  return team && team.events.some((e) => e.id === eventId) ? team.role : null;
}
