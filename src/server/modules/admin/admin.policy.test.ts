import { describe, expect, it } from 'vitest';
import {
  canApplyModeration,
  canModerate,
  canOwnEvents,
  canSuspendAuthor,
  reportActions,
} from './admin.policy';
import { isAdmin } from '../../platform/auth/guards';

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

  it('lets moderators suspend only unprivileged authors, and nobody themselves', () => {
    const moderator = { id: 'm', roles: ['moderator'] as const };
    const admin = { id: 'a', roles: ['admin'] as const };
    expect(canSuspendAuthor(moderator, { id: 'u', roles: [] })).toBe(true);
    expect(canSuspendAuthor(moderator, { id: 'x', roles: ['moderator'] })).toBe(false);
    expect(canSuspendAuthor(moderator, { id: 'a', roles: ['admin'] })).toBe(false);
    expect(canSuspendAuthor(admin, { id: 'x', roles: ['moderator'] })).toBe(true);
    expect(canSuspendAuthor(admin, { id: 'a', roles: ['admin'] })).toBe(false);
    expect(canSuspendAuthor({ id: 'u', roles: [] }, { id: 'v', roles: [] })).toBe(false);
  });

  it('offers hide only where the owning module can take the target down', () => {
    expect(reportActions('event')).toContain('hide');
    expect(reportActions('message')).toContain('hide');
    expect(reportActions('event_feedback')).toContain('hide');
    expect(reportActions('user')).not.toContain('hide');
  });

  it('gives events only to the account types that host them', () => {
    expect(canOwnEvents({ userType: 'organizer' })).toBe(true);
    expect(canOwnEvents({ userType: 'venue' })).toBe(true);
    expect(canOwnEvents({ userType: 'attendee' })).toBe(false);
    expect(canOwnEvents({ userType: 'vendor' })).toBe(false);
  });
});
