import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../contracts/auth';
import { mainMenuItems } from './main-menu';
import { userMenuItems as menuItems } from './user-menu';

/** The menu's items as a person reads them (English, the source language). */
const userMenuItems = (user: Pick<SessionUser, 'userType'>) =>
  menuItems(user).map(({ to, label }) => ({ to, label: i18n._(label) }));

describe('user menu (spec §2, §6)', () => {
  it('gives vendors Vendor Profile and Vendor Applications', () => {
    expect(userMenuItems({ userType: 'vendor' })).toEqual([
      { to: '/vendor-profile', label: 'Vendor Profile' },
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/my-events', label: 'My Events' },
      { to: '/vendor_applications', label: 'Vendor Applications' },
      { to: '/team', label: 'Team' },
    ]);
  });

  it('gives everyone else My Profile and no vendor applications', () => {
    for (const userType of ['attendee', 'organizer', 'venue'] as const) {
      const items = userMenuItems({ userType });
      expect(items[0]).toEqual({ to: '/profile', label: 'My Profile' });
      expect(items.map((i) => i.to)).not.toContain('/vendor_applications');
    }
  });

  it('gives the people who run events their developer settings (API keys)', () => {
    expect(userMenuItems({ userType: 'organizer' }).at(-1)).toEqual({
      to: '/developer',
      label: 'Developer settings',
    });
    expect(userMenuItems({ userType: 'venue' }).map((i) => i.to)).toContain('/developer');
    expect(userMenuItems({ userType: 'attendee' }).map((i) => i.to)).not.toContain('/developer');
  });
});

describe('user menu: the hosts find their dashboard and every tool', () => {
  it('gives organizers and venues their dashboard, live streams and funnels', () => {
    expect(userMenuItems({ userType: 'organizer' })).toEqual([
      { to: '/profile', label: 'My Profile' },
      { to: '/organizer-dashboard', label: 'Organizer Dashboard' },
      { to: '/dashboard', label: 'Dashboard' },
      { to: '/my-events', label: 'My Events' },
      { to: '/team', label: 'Team' },
      { to: '/mea-stream', label: 'Live Streams' },
      { to: '/funnels', label: 'Funnels' },
      { to: '/developer', label: 'Developer settings' },
    ]);
    expect(userMenuItems({ userType: 'venue' })[1]).toEqual({
      to: '/venue-dashboard',
      label: 'Venue Dashboard',
    });
  });

  it('gives attendees and vendors no host tools', () => {
    for (const userType of ['attendee', 'vendor'] as const) {
      const to = userMenuItems({ userType }).map((i) => i.to);
      for (const hostOnly of [
        '/organizer-dashboard',
        '/venue-dashboard',
        '/mea-stream',
        '/funnels',
      ]) {
        expect(to).not.toContain(hostOnly);
      }
    }
  });
});

describe('main menu (spec §2)', () => {
  it('shows member items only when signed in', () => {
    const publicPaths = ['/events', '/vendors', '/organizers', '/venues', '/categories'];
    expect(mainMenuItems(false).map((i) => i.to)).toEqual(publicPaths);
    expect(mainMenuItems(false).map((i) => i18n._(i.label))).toEqual([
      'Events',
      'Vendors',
      'Organizers',
      'Venues',
      'Categories',
    ]);
    expect(mainMenuItems(true).map((i) => i.to)).toEqual([
      ...publicPaths,
      '/messages',
      '/event-diary',
      '/email-lists',
      '/ads',
      '/subscription',
      '/affiliate',
    ]);
  });
});
