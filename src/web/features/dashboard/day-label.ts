import { currentLocale } from '../../lib/dates';

/** "Nov 21" for a calendar date (YYYY-MM-DD), whatever the viewer's zone, in the page's language. */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
