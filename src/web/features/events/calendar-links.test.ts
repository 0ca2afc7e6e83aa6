import { describe, expect, it } from 'vitest';
import { graphemeCount } from '../../../contracts/text';
import { googleCalendarUrl, icsUrl, toCalendarStamp } from './calendar-links';

const event = {
  title: 'Jazz & Wine Night',
  description: 'Live quartet.\nBring friends.',
  startsAt: '2026-06-06T23:00:00.000Z',
  endsAt: '2026-06-07T02:00:00.000Z',
  timezone: 'America/New_York',
  isOnline: false,
  onlineUrl: null,
  location: 'Blue Room, 12 Main St, Brooklyn',
};

describe('googleCalendarUrl', () => {
  it('builds a template link with UTC dates, details, place and zone', () => {
    const url = new URL(googleCalendarUrl(event, 'https://mea.events/event/1'));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Jazz & Wine Night');
    expect(url.searchParams.get('dates')).toBe('20260606T230000Z/20260607T020000Z');
    expect(url.searchParams.get('details')).toBe(
      'Live quartet.\nBring friends.\n\nhttps://mea.events/event/1',
    );
    expect(url.searchParams.get('location')).toBe('Blue Room, 12 Main St, Brooklyn');
    expect(url.searchParams.get('ctz')).toBe('America/New_York');
  });

  it('gives an event without an end one hour, and online events their link', () => {
    const url = new URL(
      googleCalendarUrl(
        { ...event, endsAt: null, isOnline: true, onlineUrl: 'https://meet.example/x' },
        'https://mea.events/event/1',
      ),
    );
    expect(url.searchParams.get('dates')).toBe('20260606T230000Z/20260607T000000Z');
    expect(url.searchParams.get('location')).toBe('https://meet.example/x');
  });

  it('encodes every character that matters in a URL', () => {
    const raw = googleCalendarUrl({ ...event, title: 'A&B #1 ?x=y' }, 'https://x/e');
    expect(raw).toContain('text=A%26B+%231+%3Fx%3Dy');
  });
});

describe('toCalendarStamp / icsUrl', () => {
  it('formats stamps and links', () => {
    expect(toCalendarStamp('2026-01-02T03:04:05.678Z')).toBe('20260102T030405Z');
    expect(icsUrl('abc')).toBe('/api/events/abc/calendar.ics');
    expect(icsUrl('abc', 't/k')).toBe('/api/events/abc/calendar.ics?access=t%2Fk');
  });
});

describe('long descriptions', () => {
  it('are cut by whole graphemes, never inside an emoji', () => {
    const long = { ...event, description: `${'x'.repeat(1499)}👩‍👩‍👧‍👦👩‍👩‍👧‍👦` };
    const details = new URL(googleCalendarUrl(long, 'https://mea.events/event/1')).searchParams.get(
      'details',
    );
    const kept = details?.split('\n\n')[0] ?? '';
    expect(kept).toBe(`${'x'.repeat(1499)}👩‍👩‍👧‍👦`);
    expect(graphemeCount(kept)).toBe(1500);
  });
});
