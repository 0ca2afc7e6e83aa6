import { zonedTimeToInstant } from '../../../contracts/zoned-time';

// The viewer's calendar: "today" and the chart's days are the viewer's days, not UTC's.

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The date `days` days after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The last `count` days up to and including today in the zone, oldest first, with the instants
 * of their midnights: `boundaries` has one more entry than `dates` (the midnight ending today).
 */
export function lastDays(
  now: Date,
  timeZone: string,
  count: number,
): { dates: string[]; boundaries: Date[] } {
  const today = localDate(now, timeZone);
  const dates = Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
  const boundaries = [...dates, addDays(today, 1)].map((date) =>
    zonedTimeToInstant(date, '00:00', timeZone),
  );
  return { dates, boundaries };
}
