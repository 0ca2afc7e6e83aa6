import { ROLE_PERMISSIONS, type TeamPermission, type TeamRole } from '../../../contracts/teams';

// What each team role may do for the owner (decision 065). The owner and admins may do everything;
// a member only what their role lists (`ROLE_PERMISSIONS`, shared with the web in the contracts),
// and only on events in their scope.

export type { TeamPermission };

export function roleAllows(role: TeamRole | null, permission: TeamPermission): boolean {
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/** Only organizer and venue accounts own a team. */
export function canOwnTeam(user: { userType: string }): boolean {
  return user.userType === 'organizer' || user.userType === 'venue';
}
