import { describe, expect, it } from 'vitest';
import { NEW_USER_THRESHOLD_MS } from '../../../contracts/limits';
import { isNewUser, landingPath, signInToast } from './landing';

describe('landingPath (spec §2: after sign-in, land by type)', () => {
  it('sends each account type to its page', () => {
    expect(landingPath('organizer', false)).toBe('/organizer-dashboard');
    expect(landingPath('venue', false)).toBe('/venue-dashboard');
    expect(landingPath('vendor', false)).toBe('/vendor-profile');
    expect(landingPath('attendee', false)).toBe('/');
  });

  it('sends attendees on a phone to /dashboard, and only attendees change', () => {
    expect(landingPath('attendee', true)).toBe('/dashboard');
    expect(landingPath('organizer', true)).toBe('/organizer-dashboard');
    expect(landingPath('venue', true)).toBe('/venue-dashboard');
    expect(landingPath('vendor', true)).toBe('/vendor-profile');
  });
});

describe('welcome vs sign-in message (spec §4, 5-minute threshold)', () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('treats a profile younger than 5 minutes as new', () => {
    expect(isNewUser(ago(0), now)).toBe(true);
    expect(isNewUser(ago(NEW_USER_THRESHOLD_MS - 1), now)).toBe(true);
    expect(isNewUser(ago(NEW_USER_THRESHOLD_MS), now)).toBe(false);
    expect(isNewUser(ago(24 * 3600 * 1000), now)).toBe(false);
    expect(isNewUser('not a date', now)).toBe(false);
  });

  it('welcomes a new user and greets a returning one by first name', () => {
    expect(signInToast({ fullName: 'Priya Shah', createdAt: ago(60_000) }, now).title).toBe(
      'Welcome to MEA Events!',
    );
    expect(signInToast({ fullName: 'Priya Shah', createdAt: ago(60_000) }, now, 'Fest').title).toBe(
      'Welcome to Fest!',
    );
    expect(signInToast({ fullName: 'Priya Shah', createdAt: ago(10 * 60_000) }, now)).toEqual({
      title: 'Signed in',
      description: 'Welcome back, Priya!',
    });
  });
});
