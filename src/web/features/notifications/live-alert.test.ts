import { describe, expect, it } from 'vitest';
import { RECENT_NOTIFICATION_TOAST_WINDOW_MS } from '../../../contracts/limits';
import type { Notification } from '../../../contracts/notifications';
import { isRecent, liveAlertFor } from './live-alert';
import { testNotification, testSettings } from './test-fixtures';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const note = (overrides: Partial<Notification> = {}) =>
  testNotification({ createdAt: ago(1000), ...overrides });

const settings = testSettings;

describe('isRecent (spec §9: toast only within 30 s)', () => {
  it('is true up to 30 s old and false after', () => {
    expect(isRecent({ createdAt: ago(0) }, NOW)).toBe(true);
    expect(isRecent({ createdAt: ago(RECENT_NOTIFICATION_TOAST_WINDOW_MS) }, NOW)).toBe(true);
    expect(isRecent({ createdAt: ago(RECENT_NOTIFICATION_TOAST_WINDOW_MS + 1) }, NOW)).toBe(false);
  });

  it('accepts a time a little ahead of this clock, and rejects garbage', () => {
    expect(isRecent({ createdAt: ago(-5000) }, NOW)).toBe(true);
    expect(isRecent({ createdAt: 'yesterday' }, NOW)).toBe(false);
  });
});

describe('liveAlertFor', () => {
  it('toasts and plays the sound for a recent unread notification', () => {
    expect(liveAlertFor(note(), settings(), NOW)).toEqual({ toast: true, sound: true });
  });

  it('stays quiet for old or already read notifications', () => {
    expect(liveAlertFor(note({ createdAt: ago(60_000) }), settings(), NOW)).toEqual({
      toast: false,
      sound: false,
    });
    expect(liveAlertFor(note({ read: true }), settings(), NOW).toast).toBe(false);
  });

  it('mutes the sound when the sound setting is off, keeping the toast', () => {
    expect(liveAlertFor(note(), settings({ sound: false }), NOW)).toEqual({
      toast: true,
      sound: false,
    });
  });

  it("shows nothing when the in-app channel of the type's group is off", () => {
    const off = settings();
    off.groups.tickets.inApp = false;
    expect(liveAlertFor(note({ type: 'ticket_sale' }), off, NOW)).toEqual({
      toast: false,
      sound: false,
    });
    // Another group is unaffected.
    expect(liveAlertFor(note({ type: 'message' }), off, NOW).toast).toBe(true);
  });

  it('uses the defaults while the settings are unknown', () => {
    expect(liveAlertFor(note(), undefined, NOW)).toEqual({ toast: true, sound: true });
  });
});
