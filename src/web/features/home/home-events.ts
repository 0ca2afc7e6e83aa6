import type { Event } from '../../../contracts/events';

// Which events the home page's three lists show. Pure, so the rules are tested without a page.

export type HomeEventList = 'upcoming' | 'weekend' | 'near';

const DAY_MS = 24 * 60 * 60 * 1000;

// One formatter per zone: making one costs about a millisecond, and the lists read the day of
// each of the 50 events of the pool (on a phone with a slowed CPU, a fifth of a second per
// computation of the lists, in the task that first renders the home page's cards).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "YYYY-MM-DD" of an instant in a zone. */
function dayIn(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/**
 * The coming weekend as calendar days, Saturday and Sunday; on a Saturday or a Sunday it is the
 * one under way (from today).
 */
export function weekendDays(now: Date, timeZone: string): { from: string; to: string } {
  const today = dayIn(now, timeZone);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const toSaturday = weekday === 0 ? -1 : 6 - weekday;
  const saturday = new Date(Date.parse(`${today}T12:00:00Z`) + toSaturday * DAY_MS);
  const sunday = new Date(saturday.getTime() + DAY_MS);
  return {
    from: weekday === 0 ? today : saturday.toISOString().slice(0, 10),
    to: sunday.toISOString().slice(0, 10),
  };
}

/**
 * The three lists, soonest first, `limit` each. "This weekend" reads each event's date in its own
 * time zone (a Saturday night show in Lagos is on Saturday there). "Near you" is the events in
 * the viewer's own time zone held in person: the only sense of place the page has without asking
 * for the visitor's location.
 */
export function homeEventLists(
  events: readonly Event[],
  params: { now: Date; viewerZone: string; limit: number },
): Record<HomeEventList, Event[]> {
  const soonest = [...events]
    .filter((e) => Date.parse(e.endsAt ?? e.startsAt) >= params.now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const weekend = weekendDays(params.now, params.viewerZone);
  return {
    upcoming: soonest.slice(0, params.limit),
    weekend: soonest
      .filter((e) => {
        const day = dayIn(new Date(e.startsAt), e.timezone);
        return day >= weekend.from && day <= weekend.to;
      })
      .slice(0, params.limit),
    near: soonest
      .filter((e) => !e.isOnline && e.timezone === params.viewerZone)
      .slice(0, params.limit),
  };
}
