import { describe, expect, it } from 'vitest';
import { eventIsPublic, postIsPublic, PRIVATE_PATHS, profileIsPublic } from './seo.policy';

describe('what previews and search engines may see', () => {
  it('events: public and not a draft (cancelled and past events stay findable)', () => {
    expect(eventIsPublic({ eventStatus: 'published', visibility: 'public' })).toBe(true);
    expect(eventIsPublic({ eventStatus: 'cancelled', visibility: 'public' })).toBe(true);
    expect(eventIsPublic({ eventStatus: 'expired', visibility: 'public' })).toBe(true);
    expect(eventIsPublic({ eventStatus: 'draft', visibility: 'public' })).toBe(false);
    expect(eventIsPublic({ eventStatus: 'published', visibility: 'private' })).toBe(false);
  });

  it('profiles: organizers, venues and vendors; never an attendee', () => {
    for (const userType of ['organizer', 'venue', 'vendor'])
      expect(profileIsPublic({ userType })).toBe(true);
    expect(profileIsPublic({ userType: 'attendee' })).toBe(false);
  });

  it('posts: published, and not scheduled for later', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(postIsPublic({ status: 'published', publishedAt: new Date('2026-11-01') }, now)).toBe(
      true,
    );
    expect(postIsPublic({ status: 'published', publishedAt: new Date('2026-12-01') }, now)).toBe(
      false,
    );
    expect(postIsPublic({ status: 'draft', publishedAt: null }, now)).toBe(false);
  });

  it('keeps crawlers out of signed-in, admin and payment pages', () => {
    for (const path of ['/admin', '/api/', '/pay/', '/messages', '/dashboard'])
      expect(PRIVATE_PATHS).toContain(path);
  });
});
