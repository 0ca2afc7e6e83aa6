// The product's one set of date and time formats. Every page shows dates through these, so an
// event reads the same on a card, a ticket, a stream and a ride. Each takes the time zone to show
// (an event's own zone where the date belongs to an event) and a locale, defaulting to the
// language the page is shown in, so a language switch re-renders every date in the new one.
//
//   formatDate      "Thu, Dec 3, 2026"        (the year only when not this year: "Thu, Dec 3")
//   formatTime      "7:00 PM"
//   formatDateTime  "Thu, Dec 3 · 7:00 PM"
//   formatDateRange "Thu, Dec 3 · 7:00 – 10:00 PM", "Thu, Dec 3 · 10:00 PM – Fri, Dec 4 · 2:00 AM"
// (English; Spanish reads "jue, 3 dic · 19:00", Arabic "الخميس، 3 ديسمبر · 7:00 م").

import { currentIntlLocale } from './intl-locale';

/** The Intl locale dates are shown in: the active language's (lib/intl-locale.ts). */
export function currentLocale(): string {
  return currentIntlLocale();
}

// Read once per page: asking builds a whole formatter (a few milliseconds on a slowed phone), and
// every date a page shows in the viewer's zone asked (half a second of home's first render at
// 4x CPU). A device that changes zone while a page is open shows the new one after a reload.
let viewerZone: string | undefined;

/** The browser's time zone (UTC where Intl cannot say). */
export function viewerTimeZone(): string {
  if (viewerZone) return viewerZone;
  try {
    viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    viewerZone = 'UTC';
  }
  return viewerZone;
}

export interface DateFormatOptions {
  /** IANA zone to show the instant in; the viewer's zone when left out. */
  timeZone?: string;
  locale?: string;
  /** The instant "now" is, for the "same year" rule (tests pass a fixed one). */
  now?: Date;
}

type Instant = string | number | Date;

const toDate = (value: Instant) => (value instanceof Date ? value : new Date(value));

// Formatters are costly to build and pages format many dates: one per locale, zone and shape.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, shape: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(shape)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...shape, timeZone });
    formatters.set(key, found);
  }
  return found;
}

function parts(value: Instant, options: DateFormatOptions) {
  return {
    date: toDate(value),
    locale: options.locale ?? currentLocale(),
    timeZone: options.timeZone ?? viewerTimeZone(),
  };
}

function yearIn(date: Date, locale: string, timeZone: string): string {
  return formatter(locale, timeZone, { year: 'numeric' }).format(date);
}

/** "Thu, Dec 3", or "Thu, Dec 3, 2027" when the date is not in the current year. */
export function formatDate(value: Instant, options: DateFormatOptions = {}): string {
  const { date, locale, timeZone } = parts(value, options);
  const now = options.now ?? new Date();
  const sameYear = yearIn(date, locale, timeZone) === yearIn(now, locale, timeZone);
  return formatter(locale, timeZone, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/** "7:00 PM" (in a 24-hour locale "19:00"). */
export function formatTime(value: Instant, options: DateFormatOptions = {}): string {
  const { date, locale, timeZone } = parts(value, options);
  return formatter(locale, timeZone, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/** "Thu, Dec 3 · 7:00 PM". */
export function formatDateTime(value: Instant, options: DateFormatOptions = {}): string {
  return `${formatDate(value, options)} · ${formatTime(value, options)}`;
}

function dayKey(value: Instant, options: DateFormatOptions): string {
  const { date, timeZone } = parts(value, options);
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    date,
  );
}

/** A start and an optional end; the end keeps its date only when it falls on another day. */
export function formatDateRange(
  start: Instant,
  end: Instant | null | undefined,
  options: DateFormatOptions = {},
): string {
  const from = formatDateTime(start, options);
  if (end === null || end === undefined) return from;
  if (dayKey(start, options) === dayKey(end, options))
    return `${from} – ${formatTime(end, options)}`;
  return `${from} – ${formatDateTime(end, options)}`;
}

/** A calendar date with no time of day ("2026-12-03", as forms and the API hold them). */
export function formatCalendarDate(isoDate: string, options: DateFormatOptions = {}): string {
  // Noon UTC is the same calendar day in every zone from UTC-11 to UTC+11; shown in UTC anyway.
  return formatDate(`${isoDate.slice(0, 10)}T12:00:00Z`, { ...options, timeZone: 'UTC' });
}

/** A wall-clock time with no date ("15:00" or "15:00:00") in the product's time format. */
export function formatClockTime(hhmm: string, options: Omit<DateFormatOptions, 'timeZone'> = {}) {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const at = Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]));
  return formatTime(at, { ...options, timeZone: 'UTC' });
}
