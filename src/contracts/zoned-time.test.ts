import { describe, expect, it } from 'vitest';
import { shiftLocalDate, zonedTimeToInstant } from './zoned-time';

describe('zonedTimeToInstant', () => {
  it('places a local time in its zone, across daylight-saving changes', () => {
    expect(zonedTimeToInstant('2026-07-10', '19:00', 'America/New_York').toISOString()).toBe(
      '2026-07-10T23:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-12-10', '19:00', 'America/New_York').toISOString()).toBe(
      '2026-12-11T00:00:00.000Z',
    );
    expect(zonedTimeToInstant('2026-03-29', '10:30', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T08:30:00.000Z',
    );
    expect(zonedTimeToInstant('2026-06-01', '00:15', 'UTC').toISOString()).toBe(
      '2026-06-01T00:15:00.000Z',
    );
  });
});

describe('shiftLocalDate', () => {
  it('adds weeks and months, clamping month ends', () => {
    expect(shiftLocalDate('2026-12-28', 'weekly', 1)).toBe('2027-01-04');
    expect(shiftLocalDate('2026-01-31', 'monthly', 1)).toBe('2026-02-28');
    expect(shiftLocalDate('2026-01-31', 'monthly', 2)).toBe('2026-03-31');
    expect(shiftLocalDate('2026-11-15', 'monthly', 3)).toBe('2027-02-15');
  });
});
