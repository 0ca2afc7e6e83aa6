// Wall-clock time in a time zone without a date library, shared by the server (series, seed)
// and the web (the event form). Pure functions over Intl; no zod, so cheap for the first load.

/** The zone's offset from UTC at an instant, in milliseconds (DST-aware). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant at which a wall-clock date and time happen in a time zone: guess with the zone's
 * offset at the naive instant, then correct once, so a time right after a daylight-saving
 * change lands on the right side of it.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  const first = naive - zoneOffsetMs(new Date(naive), timeZone);
  return new Date(naive - zoneOffsetMs(new Date(first), timeZone));
}

/** The local date `count` weeks or months after `date` (month ends clamp: Jan 31 → Feb 28). */
export function shiftLocalDate(
  date: string,
  frequency: 'weekly' | 'monthly',
  count: number,
): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  if (frequency === 'weekly')
    return new Date(Date.UTC(y, m - 1, d + 7 * count)).toISOString().slice(0, 10);
  const lastDay = new Date(Date.UTC(y, m - 1 + count + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + count, Math.min(d, lastDay))).toISOString().slice(0, 10);
}
