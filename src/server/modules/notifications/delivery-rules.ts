import {
  groupOfType,
  type NotificationGroup,
  type NotificationSettings,
} from '../../../contracts/notifications';

/** Minutes after local midnight at `now` in a time zone (UTC when the zone is unknown). */
export function minuteOfDay(now: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return now.getUTCHours() * 60 + now.getUTCMinutes();
  }
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/** Quiet hours may cross midnight (22:00–07:00); start equal to end means none. */
export function inQuietHours(settings: NotificationSettings, now: Date): boolean {
  const quiet = settings.quietHours;
  if (!quiet || quiet.start === quiet.end) return false;
  const minute = minuteOfDay(now, settings.timeZone);
  return quiet.start < quiet.end
    ? minute >= quiet.start && minute < quiet.end
    : minute >= quiet.start || minute < quiet.end;
}

/** Whether a notification of this type goes out by push / email for this user right now. */
export function wants(
  settings: NotificationSettings,
  channel: 'push' | 'email',
  typeOrGroup: { type: string } | { group: NotificationGroup },
  now: Date,
): boolean {
  const group = 'group' in typeOrGroup ? typeOrGroup.group : groupOfType(typeOrGroup.type);
  if (!settings.groups[group][channel]) return false;
  // Quiet hours hold push back (a buzzing phone at night); mail waits in the inbox anyway.
  return channel === 'email' || !inQuietHours(settings, now);
}
