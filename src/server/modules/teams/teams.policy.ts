import type { TeamRole } from '../../../contracts/teams';

// What each team role may do for the owner (decision 065). The owner and admins may do everything;
// a member only what their role lists, and only on events in their scope.

export const TEAM_PERMISSIONS = [
  'event.edit',
  'sell_at_door',
  'check_in',
  'attendees.view',
  'orders',
  'refunds',
  'invoices',
  'payouts',
  'exports',
  'billing',
  'team',
  'marketing.lists',
  'marketing.campaigns',
  'marketing.funnels',
  'marketing.ads',
  'discount_codes',
  'vendors.applications',
  'vendors.fees',
  'vendors.bookings',
] as const;
export type TeamPermission = (typeof TEAM_PERMISSIONS)[number];

/** Only the owner handles money leaving the account and who is on the team. */
const OWNER_ONLY: readonly TeamPermission[] = ['billing', 'payouts', 'team'];

export const ROLE_PERMISSIONS: Record<TeamRole, readonly TeamPermission[]> = {
  manager: TEAM_PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  box_office: ['sell_at_door', 'check_in', 'attendees.view'],
  check_in: ['check_in'],
  finance: ['orders', 'refunds', 'invoices', 'payouts', 'exports', 'attendees.view'],
  marketing: [
    'marketing.lists',
    'marketing.campaigns',
    'marketing.funnels',
    'marketing.ads',
    'discount_codes',
  ],
  vendor_manager: ['vendors.applications', 'vendors.fees', 'vendors.bookings'],
};

export function roleAllows(role: TeamRole | null, permission: TeamPermission): boolean {
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

/** Only organizer and venue accounts own a team. */
export function canOwnTeam(user: { userType: string }): boolean {
  return user.userType === 'organizer' || user.userType === 'venue';
}
