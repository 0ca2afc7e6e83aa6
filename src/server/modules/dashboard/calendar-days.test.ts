import { describe, expect, it } from 'vitest';
import { addDays, lastDays, localDate } from './calendar-days';

describe('the viewer calendar of the host dashboard', () => {
  it('reads the date in the viewer zone, not UTC', () => {
    const instant = new Date('2026-12-03T02:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-12-03');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-12-02');
    expect(localDate(instant, 'Asia/Kathmandu')).toBe('2026-12-03');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives the last days with their midnights, today last', () => {
    const { dates, boundaries } = lastDays(new Date('2026-12-03T10:00:00Z'), 'Europe/Paris', 3);
    expect(dates).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(boundaries.map((b) => b.toISOString())).toEqual([
      '2026-11-30T23:00:00.000Z',
      '2026-12-01T23:00:00.000Z',
      '2026-12-02T23:00:00.000Z',
      '2026-12-03T23:00:00.000Z',
    ]);
  });

  it('keeps a day of 23 hours whole across a daylight-saving change', () => {
    const { boundaries } = lastDays(new Date('2026-03-29T12:00:00Z'), 'Europe/Paris', 1);
    expect(boundaries.map((b) => b.toISOString())).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
  });
});
