import { describe, expect, it } from 'vitest';
import type { Role, UserType } from '../../../contracts/enums';
import { canCreateEvents, canManageEvent, canViewEvent } from './events.policy';

const user = (id: string, userType: UserType, roles: Role[] = []) => ({ id, userType, roles });
const owner = user('o', 'organizer');
const otherOrganizer = user('x', 'organizer');
const attendee = user('a', 'attendee');
const admin = user('ad', 'attendee', ['admin']);
const event = (
  eventStatus: 'draft' | 'published' | 'cancelled' | 'expired',
  visibility: 'public' | 'private' = 'public',
) => ({
  userId: 'o',
  eventStatus,
  visibility,
  accessToken: visibility === 'private' ? 'secret' : null,
});

describe('events policy (owner, other organizer, attendee, admin, signed out)', () => {
  it('lets organizers, venues and admins create events', () => {
    expect(canCreateEvents(owner)).toBe(true);
    expect(canCreateEvents(user('v', 'venue'))).toBe(true);
    expect(canCreateEvents(admin)).toBe(true);
    expect(canCreateEvents(attendee)).toBe(false);
    expect(canCreateEvents(user('vd', 'vendor'))).toBe(false);
    expect(canCreateEvents(null)).toBe(false);
  });

  it('lets only the owner and admins manage', () => {
    expect(canManageEvent(owner, event('published'))).toBe(true);
    expect(canManageEvent(admin, event('published'))).toBe(true);
    expect(canManageEvent(otherOrganizer, event('published'))).toBe(false);
    expect(canManageEvent(attendee, event('published'))).toBe(false);
    expect(canManageEvent(null, event('published'))).toBe(false);
  });

  it('hides drafts from everyone but the owner and admins', () => {
    expect(canViewEvent(owner, event('draft'))).toBe(true);
    expect(canViewEvent(admin, event('draft'))).toBe(true);
    expect(canViewEvent(otherOrganizer, event('draft'))).toBe(false);
    expect(canViewEvent(null, event('draft'))).toBe(false);
  });

  it('shows public events in every later state', () => {
    for (const status of ['published', 'cancelled', 'expired'] as const)
      expect(canViewEvent(null, event(status))).toBe(true);
  });

  it('shows a private event only with its secret link', () => {
    expect(canViewEvent(attendee, event('published', 'private'))).toBe(false);
    expect(canViewEvent(attendee, event('published', 'private'), 'wrong')).toBe(false);
    expect(canViewEvent(attendee, event('published', 'private'), 'secret')).toBe(true);
    expect(canViewEvent(null, event('draft', 'private'), 'secret')).toBe(false);
  });
});
