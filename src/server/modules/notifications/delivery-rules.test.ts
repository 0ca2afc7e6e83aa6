import { describe, expect, it } from 'vitest';
import { inQuietHours, minuteOfDay, wants } from './delivery-rules';
import { defaultSettings } from './notifications.queries';

const at = (iso: string) => new Date(iso);

describe('delivery rules', () => {
  it('reads the local time of day in the user’s zone', () => {
    expect(minuteOfDay(at('2026-11-21T12:30:00Z'), 'UTC')).toBe(750);
    expect(minuteOfDay(at('2026-11-21T12:30:00Z'), 'America/New_York')).toBe(450);
    expect(minuteOfDay(at('2026-11-21T12:30:00Z'), 'Not/AZone')).toBe(750);
  });

  it('quiet hours across midnight hold push but not email', () => {
    const settings = { ...defaultSettings(), quietHours: { start: 22 * 60, end: 7 * 60 } };
    expect(inQuietHours(settings, at('2026-11-21T23:00:00Z'))).toBe(true);
    expect(inQuietHours(settings, at('2026-11-21T06:59:00Z'))).toBe(true);
    expect(inQuietHours(settings, at('2026-11-21T07:00:00Z'))).toBe(false);
    expect(wants(settings, 'push', { type: 'ticket_sale' }, at('2026-11-21T23:00:00Z'))).toBe(
      false,
    );
    expect(wants(settings, 'email', { type: 'ticket_sale' }, at('2026-11-21T23:00:00Z'))).toBe(
      true,
    );
    expect(wants(settings, 'push', { type: 'ticket_sale' }, at('2026-11-21T12:00:00Z'))).toBe(true);
  });

  it('quiet hours within a day, and an empty window', () => {
    const settings = { ...defaultSettings(), quietHours: { start: 60, end: 120 } };
    expect(inQuietHours(settings, at('2026-11-21T01:30:00Z'))).toBe(true);
    expect(inQuietHours(settings, at('2026-11-21T02:00:00Z'))).toBe(false);
    expect(
      inQuietHours({ ...settings, quietHours: { start: 60, end: 60 } }, at('2026-11-21T01:00:00Z')),
    ).toBe(false);
  });

  it('follows the group switches (messages mail off by default)', () => {
    const settings = defaultSettings();
    const noon = at('2026-11-21T12:00:00Z');
    expect(wants(settings, 'email', { type: 'message' }, noon)).toBe(false);
    expect(wants(settings, 'push', { type: 'message' }, noon)).toBe(true);
    expect(wants(settings, 'email', { group: 'events' }, noon)).toBe(true);
    settings.groups.events.email = false;
    expect(wants(settings, 'email', { group: 'events' }, noon)).toBe(false);
  });
});
