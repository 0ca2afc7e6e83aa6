import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEventTime, formatRange, isoToZonedLocal, zonedLocalToIso } from './event-time';

// Dates of the current year are shown without their year: the clock is set to that year.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-01T12:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});

const event = {
  startsAt: '2026-06-06T23:00:00.000Z',
  endsAt: '2026-06-07T02:00:00.000Z',
  timezone: 'America/New_York',
};

describe('describeEventTime', () => {
  it('shows the time in the viewer zone and notes the event zone', () => {
    const when = describeEventTime(event, 'Europe/Paris');
    expect(when.local).toBe('Sun, Jun 7 · 1:00 AM – 4:00 AM');
    expect(when.localZone).toBe('GMT+2 (Europe/Paris)');
    expect(when.eventZoneNote).toBe(
      "Sat, Jun 6 · 7:00 PM – 10:00 PM EDT (America/New_York), the event's local time",
    );
  });

  it('adds no note when the viewer is in the event zone', () => {
    const when = describeEventTime(event, 'America/New_York');
    expect(when.local).toBe('Sat, Jun 6 · 7:00 PM – 10:00 PM');
    expect(when.eventZoneNote).toBeNull();
  });

  it('adds no note for another zone with the same wall time', () => {
    const paris = { ...event, timezone: 'Europe/Paris' };
    expect(describeEventTime(paris, 'Europe/Berlin').eventZoneNote).toBeNull();
  });
});

describe('formatRange', () => {
  it('keeps the end date when the event ends another day', () => {
    expect(formatRange(event.startsAt, event.endsAt, 'America/Los_Angeles')).toBe(
      'Sat, Jun 6 · 4:00 PM – 7:00 PM',
    );
    expect(formatRange(event.startsAt, '2026-06-09T02:00:00.000Z', 'UTC')).toBe(
      'Sat, Jun 6 · 11:00 PM – Tue, Jun 9 · 2:00 AM',
    );
  });

  it('shows only the start without an end', () => {
    expect(formatRange(event.startsAt, null, 'UTC')).toBe('Sat, Jun 6 · 11:00 PM');
  });
});

describe('zonedLocalToIso / isoToZonedLocal', () => {
  it('reads datetime-local values as wall time in the chosen zone', () => {
    expect(zonedLocalToIso('2026-06-06T19:00', 'America/New_York')).toBe(
      '2026-06-06T23:00:00.000Z',
    );
    expect(zonedLocalToIso('2026-01-15T19:00', 'America/New_York')).toBe(
      '2026-01-16T00:00:00.000Z',
    );
    expect(zonedLocalToIso('2026-06-06T19:00', 'Asia/Kolkata')).toBe('2026-06-06T13:30:00.000Z');
    expect(zonedLocalToIso('2026-06-06T19:00', 'UTC')).toBe('2026-06-06T19:00:00.000Z');
  });

  it('lands on the right side of a daylight-saving change', () => {
    // New York springs forward on 2026-03-08 at 02:00.
    expect(zonedLocalToIso('2026-03-08T03:30', 'America/New_York')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(zonedLocalToIso('2026-03-08T01:30', 'America/New_York')).toBe(
      '2026-03-08T06:30:00.000Z',
    );
  });

  it('rejects empty or malformed values', () => {
    expect(zonedLocalToIso('', 'UTC')).toBeNull();
    expect(zonedLocalToIso('2026-06-06', 'UTC')).toBeNull();
  });

  it('round-trips', () => {
    for (const zone of ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Adelaide']) {
      const iso = zonedLocalToIso('2026-10-04T09:15', zone);
      expect(iso && isoToZonedLocal(iso, zone)).toBe('2026-10-04T09:15');
    }
  });
});
