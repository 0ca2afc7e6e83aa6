import { describe, expect, it } from 'vitest';
import { USER_TYPES } from '../../../contracts/enums';
import { hasHostDashboard } from './dashboard.policy';

describe('dashboard policy: who has a host dashboard', () => {
  it.each(USER_TYPES.map((type) => [type, type === 'organizer' || type === 'venue'] as const))(
    'a %s: %s',
    (userType, expected) => {
      expect(hasHostDashboard({ userType, roles: [] })).toBe(expected);
    },
  );

  it('admins pass, whatever their account type', () => {
    expect(hasHostDashboard({ userType: 'attendee', roles: ['admin'] })).toBe(true);
  });

  it('other privileged roles do not make an attendee a host', () => {
    expect(hasHostDashboard({ userType: 'attendee', roles: ['moderator', 'blog_admin'] })).toBe(
      false,
    );
  });
});
