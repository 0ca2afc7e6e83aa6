import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { decideAccess, hasRole, roleLabel, signInRedirect } from './access';

const attendee = { roles: [], userType: 'attendee' as const };
const vendor = { roles: [], userType: 'vendor' as const };
const admin = { roles: ['admin' as const], userType: 'organizer' as const };
const moderator = { roles: ['moderator' as const], userType: 'attendee' as const };

describe('hasRole (spec §6)', () => {
  it('lets admin pass every role check', () => {
    for (const role of [
      'admin',
      'blog_admin',
      'moderator',
      'vendor',
      'venue',
      'attendee',
    ] as const) {
      expect(hasRole(admin, role)).toBe(true);
    }
  });

  it('matches a privileged role or the account type', () => {
    expect(hasRole(moderator, 'moderator')).toBe(true);
    expect(hasRole(vendor, 'vendor')).toBe(true);
  });

  it('refuses what the user does not hold', () => {
    expect(hasRole(attendee, 'admin')).toBe(false);
    expect(hasRole(moderator, 'admin')).toBe(false);
    expect(hasRole(moderator, 'blog_admin')).toBe(false);
    expect(hasRole(vendor, 'venue')).toBe(false);
  });
});

describe('decideAccess', () => {
  it('separates signed out, denied and allowed', () => {
    expect(decideAccess(null, 'admin')).toBe('signed-out');
    expect(decideAccess(null)).toBe('signed-out');
    expect(decideAccess(attendee, 'admin')).toBe('denied');
    expect(decideAccess(attendee)).toBe('allowed');
    expect(decideAccess(admin, 'admin')).toBe('allowed');
  });

  it('admits any one of several roles', () => {
    expect(decideAccess(vendor, ['organizer', 'venue'])).toBe('denied');
    expect(decideAccess(vendor, ['organizer', 'vendor', 'venue'])).toBe('allowed');
    expect(decideAccess(admin, ['organizer', 'venue'])).toBe('allowed');
  });
});

describe('roleLabel', () => {
  it("names the spec's roles, several joined with 'or'", () => {
    expect(roleLabel('blog_admin')).toBe('blog_admin');
    expect(roleLabel(['organizer', 'venue'])).toBe('organizer or venue');
    expect(roleLabel(['organizer', 'vendor', 'venue'])).toBe('organizer, vendor or venue');
  });
});

describe('signInRedirect', () => {
  it('remembers the origin in the URL and in router state', () => {
    const location = { pathname: '/messages', search: '?chat=42', hash: '' };
    expect(signInRedirect(location)).toEqual({
      to: '/auth?redirect=%2Fmessages%3Fchat%3D42',
      state: { from: location },
    });
  });

  it('uses a given fallback path as is', () => {
    expect(signInRedirect({ pathname: '/x', search: '', hash: '' }, '/').to).toBe('/');
  });
});

describe('roleLabel in another language', () => {
  afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it('names the roles and joins them the way the language does', () => {
    i18n.loadAndActivate({
      locale: 'es',
      messages: { [msg`organizer`.id]: 'organizador', [msg`venue`.id]: 'recinto' },
    });
    expect(roleLabel(['organizer', 'venue'])).toBe('organizador o recinto');
  });
});
