import { describe, expect, it } from 'vitest';
import { localDateTime, locationLine } from './event-time';

describe('localDateTime', () => {
  it('gives the local date and 24-hour time in the event time zone', () => {
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(localDateTime(instant, 'UTC')).toEqual({ date: '2026-12-31', time: '23:30' });
    expect(localDateTime(instant, 'Europe/Berlin')).toEqual({ date: '2027-01-01', time: '00:30' });
    expect(localDateTime(instant, 'America/Los_Angeles')).toEqual({
      date: '2026-12-31',
      time: '15:30',
    });
  });
});

describe('locationLine', () => {
  it('joins the parts that exist and marks online events', () => {
    expect(
      locationLine({ isOnline: false, venueName: 'Harbor Loft', city: 'Oakland', country: '' }),
    ).toBe('Harbor Loft, Oakland');
    expect(locationLine({ isOnline: true })).toBe('Online');
    expect(locationLine({ isOnline: true, city: 'Lagos' })).toBe('Online · Lagos');
  });
});
