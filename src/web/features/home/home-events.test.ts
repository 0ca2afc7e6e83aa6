import { describe, expect, it } from 'vitest';
import type { Event } from '../../../contracts/events';
import { homeEventLists, weekendDays } from './home-events';

const event = (id: string, startsAt: string, timezone: string, isOnline = false) =>
  ({ id, startsAt, endsAt: null, timezone, isOnline }) as Event;

describe('weekendDays', () => {
  it('is the coming Saturday and Sunday on a weekday', () => {
    // Thursday, December 3, 2026.
    expect(weekendDays(new Date('2026-12-03T15:00:00Z'), 'UTC')).toEqual({
      from: '2026-12-05',
      to: '2026-12-06',
    });
  });

  it('is the weekend under way on a Saturday or a Sunday', () => {
    expect(weekendDays(new Date('2026-12-05T15:00:00Z'), 'UTC')).toEqual({
      from: '2026-12-05',
      to: '2026-12-06',
    });
    expect(weekendDays(new Date('2026-12-06T15:00:00Z'), 'UTC')).toEqual({
      from: '2026-12-06',
      to: '2026-12-06',
    });
  });

  it('reads today in the viewer zone', () => {
    // Saturday 02:00 UTC is still Friday evening in New York.
    expect(weekendDays(new Date('2026-12-05T02:00:00Z'), 'America/New_York').from).toBe(
      '2026-12-05',
    );
  });
});

describe('homeEventLists', () => {
  const now = new Date('2026-12-03T15:00:00Z');
  const events = [
    event('later', '2026-12-20T18:00:00Z', 'Europe/London'),
    event('saturday-lagos', '2026-12-05T19:00:00Z', 'Africa/Lagos'),
    event('friday-night-ny', '2026-12-05T03:00:00Z', 'America/New_York'),
    event('tonight-online', '2026-12-03T20:00:00Z', 'Europe/London', true),
    event('past', '2026-12-01T18:00:00Z', 'Europe/London'),
  ];

  it('lists upcoming events soonest first, without past ones', () => {
    const lists = homeEventLists(events, { now, viewerZone: 'Europe/London', limit: 3 });
    expect(lists.upcoming.map((e) => e.id)).toEqual([
      'tonight-online',
      'friday-night-ny',
      'saturday-lagos',
    ]);
  });

  it("finds this weekend's events by the date in their own zone", () => {
    const lists = homeEventLists(events, { now, viewerZone: 'Europe/London', limit: 3 });
    // 03:00 UTC on Saturday is Friday 10 PM in New York: not a weekend event.
    expect(lists.weekend.map((e) => e.id)).toEqual(['saturday-lagos']);
  });

  it("lists events held in person in the viewer's zone as near", () => {
    const lists = homeEventLists(events, { now, viewerZone: 'Europe/London', limit: 3 });
    expect(lists.near.map((e) => e.id)).toEqual(['later']);
  });
});
