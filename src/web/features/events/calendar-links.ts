import type { Event } from '../../../contracts/events';
import { truncateText } from '../../../contracts/text';

// Without an end, calendars get a one-hour slot rather than a zero-length one.
const DEFAULT_DURATION_MS = 60 * 60 * 1000;

/** 2026-06-06T23:00:00.000Z → 20260606T230000Z (Google's `dates` format, in UTC). */
export function toCalendarStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The place line calendars show: the join link online, else venue, address and city. */
export function calendarLocation(
  event: Pick<Event, 'isOnline' | 'onlineUrl' | 'location'>,
): string {
  return event.isOnline && event.onlineUrl ? event.onlineUrl : event.location;
}

/** "Add to Google Calendar": a plain template link (no API, nothing leaves the page first). */
export function googleCalendarUrl(
  event: Pick<
    Event,
    | 'title'
    | 'description'
    | 'startsAt'
    | 'endsAt'
    | 'timezone'
    | 'isOnline'
    | 'onlineUrl'
    | 'location'
  >,
  pageUrl: string,
): string {
  const end =
    event.endsAt ??
    new Date(new Date(event.startsAt).getTime() + DEFAULT_DURATION_MS).toISOString();
  const details = [truncateText(event.description, 1500), pageUrl].filter(Boolean).join('\n\n');
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${toCalendarStamp(event.startsAt)}/${toCalendarStamp(end)}`,
    details,
    location: calendarLocation(event),
    ctz: event.timezone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** The .ics download of the API (private events need their secret link to read it). */
export function icsUrl(eventId: string, access?: string | null): string {
  const base = `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
  return access ? `${base}?access=${encodeURIComponent(access)}` : base;
}
