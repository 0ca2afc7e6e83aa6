/** Every zone the browser knows, with the default and the organizer's current one included. */
export function timeZoneOptions(...include: string[]): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, 'UTC', ...include.filter(Boolean)]);
  return [...all].sort();
}
