import { describe, expect, it } from 'vitest';
import { canManage, canUseMarketing } from './marketing.policy';

const user = (userType: string, roles: string[] = []) =>
  ({ id: 'u1', userType, roles }) as Parameters<typeof canUseMarketing>[0];

describe('marketing policy', () => {
  it('lets sellers and admins use lists, not attendees or visitors', () => {
    expect(canUseMarketing(user('organizer'))).toBe(true);
    expect(canUseMarketing(user('vendor'))).toBe(true);
    expect(canUseMarketing(user('venue'))).toBe(true);
    expect(canUseMarketing(user('attendee'))).toBe(false);
    expect(canUseMarketing(user('attendee', ['admin']))).toBe(true);
    expect(canUseMarketing(null)).toBe(false);
  });

  it('lets the owner and admins manage a row', () => {
    expect(canManage(user('organizer'), { ownerId: 'u1' })).toBe(true);
    expect(canManage(user('organizer'), { ownerId: 'u2' })).toBe(false);
    expect(canManage(user('attendee', ['admin']), { ownerId: 'u2' })).toBe(true);
  });

  it.each([
    ['signed out', null, false],
    ['another organizer', { id: 'u2', userType: 'organizer', roles: [] }, false],
    ['another vendor', { id: 'u3', userType: 'vendor', roles: [] }, false],
    ['the owner', { id: 'u1', userType: 'organizer', roles: [] }, true],
    ['an admin', { id: 'u9', userType: 'attendee', roles: ['admin'] }, true],
  ] as const)('a row owned by u1: %s may manage it: %s', (_who, actor, allowed) => {
    expect(canManage(actor as Parameters<typeof canManage>[0], { ownerId: 'u1' })).toBe(allowed);
  });
});
