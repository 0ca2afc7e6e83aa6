import { describe, expect, it } from 'vitest';
import {
  TEAM_PERMISSIONS,
  TEAM_ROLES,
  type TeamPermission,
  type TeamRole,
} from '../../../contracts/teams';
import { canOwnTeam, roleAllows } from './teams.policy';

// The words, one row per role: what each may do; everything else is refused.
const EXPECTED: Record<TeamRole, TeamPermission[]> = {
  manager: TEAM_PERMISSIONS.filter((p) => !['billing', 'payouts', 'team'].includes(p)),
  box_office: ['sell_at_door', 'check_in', 'attendees.view'],
  check_in: ['check_in'],
  finance: ['orders', 'refunds', 'invoices', 'payouts', 'exports', 'attendees.view'],
  marketing: [
    'marketing.lists',
    'marketing.campaigns',
    'marketing.funnels',
    'marketing.ads',
    'discount_codes',
    'announcements',
    // Feedback forms and results: asking guests what they thought is the marketer's work.
    'feedback',
  ],
  vendor_manager: ['vendors.applications', 'vendors.fees', 'vendors.bookings'],
};

describe('team role permissions', () => {
  for (const role of TEAM_ROLES)
    for (const permission of TEAM_PERMISSIONS)
      it(`${role} ${EXPECTED[role].includes(permission) ? 'may' : 'may not'} ${permission}`, () => {
        expect(roleAllows(role, permission)).toBe(EXPECTED[role].includes(permission));
      });

  it('no role handles billing or the team; no role at all allows nothing', () => {
    for (const role of TEAM_ROLES) {
      expect(roleAllows(role, 'billing')).toBe(false);
      expect(roleAllows(role, 'team')).toBe(false);
    }
    expect(roleAllows(null, 'check_in')).toBe(false);
  });

  it('organizer and venue accounts own a team', () => {
    expect(canOwnTeam({ userType: 'organizer' })).toBe(true);
    expect(canOwnTeam({ userType: 'venue' })).toBe(true);
    expect(canOwnTeam({ userType: 'attendee' })).toBe(false);
  });
});
