/** "Nov 21" for a calendar date (YYYY-MM-DD), whatever the viewer's zone. */
export function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
