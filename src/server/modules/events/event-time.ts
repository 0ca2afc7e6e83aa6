// spec §3 keeps an event's `date` and `time` as the start's local calendar date and clock time
// in the event's own time zone; these derive them from the instant.

export function localDateTime(startsAt: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(startsAt)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** The one display line of spec §3 `location`. */
export function locationLine(event: {
  isOnline: boolean;
  venueName?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
}): string {
  const place = [event.venueName, event.address, event.city, event.country]
    .filter((p) => p && p.trim())
    .join(', ');
  if (event.isOnline) return place ? `Online · ${place}` : 'Online';
  return place;
}

// An event with no end time counts as running for the rest of a day after its start.
export const DEFAULT_DURATION_MS = 24 * 60 * 60 * 1000;
