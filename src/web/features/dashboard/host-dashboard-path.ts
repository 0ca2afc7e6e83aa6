import type { UserType } from '../../../contracts/enums';

/** The host dashboard of an account type (spec §2), or null for those who host nothing. */
export function hostDashboardPath(userType: UserType): { to: string; label: string } | null {
  if (userType === 'organizer') return { to: '/organizer-dashboard', label: 'Organizer Dashboard' };
  if (userType === 'venue') return { to: '/venue-dashboard', label: 'Venue Dashboard' };
  return null;
}
