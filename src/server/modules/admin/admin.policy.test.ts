import { describe, expect, it } from 'vitest';
import { canApplyModeration, canModerate, isAdmin } from './admin.policy';

describe('admin policy', () => {
  it('lets admins do everything', () => {
    const admin = { roles: ['admin'] as const };
    expect(isAdmin(admin)).toBe(true);
    expect(canModerate(admin)).toBe(true);
    expect(canApplyModeration(admin, 'feature')).toBe(true);
  });

  it('lets moderators unpublish and republish but not feature', () => {
    const moderator = { roles: ['moderator'] as const };
    expect(isAdmin(moderator)).toBe(false);
    expect(canApplyModeration(moderator, 'unpublish')).toBe(true);
    expect(canApplyModeration(moderator, 'republish')).toBe(true);
    expect(canApplyModeration(moderator, 'feature')).toBe(false);
  });

  it('refuses blog admins and people without a role', () => {
    expect(canModerate({ roles: ['blog_admin'] })).toBe(false);
    expect(canModerate({ roles: [] })).toBe(false);
  });
});
