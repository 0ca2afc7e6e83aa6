import { describe, expect, it } from 'vitest';
import { canPromote, canReview } from './promotions.policy';

describe('promotions policy', () => {
  it('lets sellers promote, not attendees (unless admin)', () => {
    expect(canPromote({ userType: 'vendor', roles: [] })).toBe(true);
    expect(canPromote({ userType: 'organizer', roles: [] })).toBe(true);
    expect(canPromote({ userType: 'venue', roles: [] })).toBe(true);
    expect(canPromote({ userType: 'attendee', roles: [] })).toBe(false);
    expect(canPromote({ userType: 'attendee', roles: ['admin'] })).toBe(true);
  });

  it('leaves review to moderators and admins', () => {
    expect(canReview({ roles: [] })).toBe(false);
    expect(canReview({ roles: ['blog_admin'] })).toBe(false);
    expect(canReview({ roles: ['moderator'] })).toBe(true);
    expect(canReview({ roles: ['admin'] })).toBe(true);
  });
});
