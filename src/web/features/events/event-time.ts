import { t } from '@lingui/core/macro';
import { zonedTimeToInstant } from '../../../contracts/zoned-time';
import { currentLocale, formatDateRange, formatDateTime, viewerTimeZone } from '../../lib/dates';
// Dates of an event: shown in the viewer's time zone with the event's own zone noted, and the
// form's datetime-local values read in the zone the organizer chose.

export { viewerTimeZone };

function format(
  iso: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale?: string,
) {
  return new Intl.DateTimeFormat(locale ?? currentLocale(), { ...options, timeZone }).format(
    new Date(iso),
  );
}

const WALL_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** "Sat, Jun 6 · 7:00 PM – 10:00 PM" in `timeZone` (the product's range format, lib/dates). */
export function formatRange(
  startsAt: string,
  endsAt: string | null,
  timeZone: string,
  locale?: string,
): string {
  return formatDateRange(startsAt, endsAt, { timeZone, locale });
}

/** The short name of a zone at an instant ("EDT", "GMT+2"). */
export function zoneAbbreviation(iso: string, timeZone: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale ?? currentLocale(), {
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

export interface EventWhen {
  /** The dates in the viewer's zone. */
  local: string;
  /** The viewer's zone, named. */
  localZone: string;
  /** The event's own time when its zone differs from the viewer's, else null. */
  eventZoneNote: string | null;
}

export function describeEventTime(
  event: { startsAt: string; endsAt: string | null; timezone: string },
  viewerZone: string,
  locale?: string,
): EventWhen {
  const local = formatRange(event.startsAt, event.endsAt, viewerZone, locale);
  const localZone = `${zoneAbbreviation(event.startsAt, viewerZone, locale)} (${viewerZone})`;
  // Zones that show the same wall time (Paris and Berlin) need no second line.
  const differs =
    viewerZone !== event.timezone &&
    format(event.startsAt, viewerZone, WALL_TIME) !==
      format(event.startsAt, event.timezone, WALL_TIME);
  if (!differs) return { local, localZone, eventZoneNote: null };
  const range = formatRange(event.startsAt, event.endsAt, event.timezone, locale);
  const zone = zoneAbbreviation(event.startsAt, event.timezone, locale);
  const timeZone = event.timezone;
  // Called while a page renders, so the sentence is in the language that page is shown in.
  const eventZoneNote = t`${range} ${zone} (${timeZone}), the event's local time`;
  return { local, localZone, eventZoneNote };
}

/** Short date for cards: "Sat, Jun 6 · 7:00 PM" in `timeZone` (the event's own, on cards). */
export function formatCardDate(iso: string, timeZone: string, locale?: string): string {
  return formatDateTime(iso, { timeZone, locale });
}

/**
 * A datetime-local value ("2026-06-06T19:00") read as wall time in `timeZone`, as an ISO instant
 * ("2026-06-06T23:00:00.000Z"). Null for an empty or malformed value. Two passes, so a start
 * right after a daylight-saving change lands on the right side of it.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!match?.[1] || !match[2]) return null;
  return zonedTimeToInstant(match[1], match[2], timeZone).toISOString();
}

/** An ISO instant as the datetime-local value of its wall time in `timeZone`. */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}
