import { describe, expect, it } from 'vitest';
import { DuplicateEventInputSchema, shiftDate, shiftedEnd, weekLaterSchedule } from './duplication';

const localDateTime = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(instant);

describe('a duplicated event’s dates', () => {
  it('default to a week later at the same wall-clock time, across a daylight-saving change', () => {
    // 7 pm in Los Angeles on Thursday 29 October 2026 (PDT, UTC−7); clocks go back on 1 November.
    const startsAt = new Date('2026-10-30T02:00:00Z');
    const schedule = weekLaterSchedule({
      startsAt,
      endsAt: new Date('2026-10-30T05:00:00Z'),
      date: '2026-10-29',
      time: '19:00',
      timezone: 'America/Los_Angeles',
    });
    // 7 pm PST (UTC−8) on 5 November: seven days and one hour later in UTC.
    expect(schedule.startsAt.toISOString()).toBe('2026-11-06T03:00:00.000Z');
    expect(localDateTime(schedule.startsAt, 'America/Los_Angeles')).toBe('2026-11-05 19:00');
    expect(schedule.endsAt?.toISOString()).toBe('2026-11-06T06:00:00.000Z');
  });

  it('keep the length of the original unless an end is given, and no end if it had none', () => {
    const source = {
      startsAt: new Date('2027-01-10T18:00:00Z'),
      endsAt: new Date('2027-01-10T20:30:00Z'),
    };
    const start = new Date('2027-02-01T09:00:00Z');
    expect(shiftedEnd(source, start)?.toISOString()).toBe('2027-02-01T11:30:00.000Z');
    const given = new Date('2027-02-02T09:00:00Z');
    expect(shiftedEnd(source, start, given)).toBe(given);
    expect(shiftedEnd({ ...source, endsAt: null }, start)).toBeNull();
  });

  it('move dated settings by the same amount, leaving absent ones absent', () => {
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(shiftDate(new Date('2027-01-01T00:00:00Z'), week).toISOString()).toBe(
      '2027-01-08T00:00:00.000Z',
    );
    expect(shiftDate(null, week)).toBeNull();
  });

  it('must end after they start', () => {
    const result = DuplicateEventInputSchema.safeParse({
      startsAt: '2027-01-01T10:00:00Z',
      endsAt: '2027-01-01T09:00:00Z',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['endsAt'],
      message: 'The event must end after it starts',
    });
  });
});
