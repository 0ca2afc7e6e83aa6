const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60],
  ['day', 24],
  ['week', 7],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago"; a date once older than 4 weeks. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  let value = Math.round((now - time) / 1000);
  if (value < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  value = Math.round(value / 60);
  for (let i = 0; i < UNITS.length; i++) {
    const [unit] = UNITS[i] ?? ['minute', 60];
    const next = UNITS[i + 1];
    if (!next || value < next[1]) {
      if (unit === 'week' && value > 4) break;
      return format.format(-value, unit);
    }
    value = Math.round(value / next[1]);
  }
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(time);
}
