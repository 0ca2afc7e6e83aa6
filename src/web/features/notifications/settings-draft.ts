import { NOTIFICATION_MESSAGES } from '../../../contracts/notification-types';
import type { NotificationSettings } from '../../../contracts/notifications';
import { browserTimeZone, minutesToTime, timeToMinutes } from './quiet-hours';

// The settings form edits a draft shaped for its inputs (times as "22:00"), turned back into
// NotificationSettings on save.

export interface SettingsDraft {
  groups: NotificationSettings['groups'];
  hasQuietHours: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  sound: boolean;
}

/** Quiet hours offered when they are first switched on. */
export const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' };

export function toDraft(
  settings: NotificationSettings,
  localZone = browserTimeZone(),
): SettingsDraft {
  return {
    groups: structuredClone(settings.groups),
    hasQuietHours: settings.quietHours !== null,
    quietStart: settings.quietHours
      ? minutesToTime(settings.quietHours.start)
      : DEFAULT_QUIET_HOURS.start,
    quietEnd: settings.quietHours
      ? minutesToTime(settings.quietHours.end)
      : DEFAULT_QUIET_HOURS.end,
    // Quiet hours never set: read them in this browser's zone.
    timeZone: settings.quietHours ? settings.timeZone : localZone,
    sound: settings.sound,
  };
}

export type DraftResult =
  { ok: true; settings: NotificationSettings } | { ok: false; errors: { quietHours: string } };

export function fromDraft(draft: SettingsDraft): DraftResult {
  let quietHours: NotificationSettings['quietHours'] = null;
  if (draft.hasQuietHours) {
    const start = timeToMinutes(draft.quietStart);
    const end = timeToMinutes(draft.quietEnd);
    if (start === null || end === null)
      return { ok: false, errors: { quietHours: NOTIFICATION_MESSAGES.quietHoursIncomplete } };
    quietHours = { start, end };
  }
  return {
    ok: true,
    settings: { groups: draft.groups, quietHours, timeZone: draft.timeZone, sound: draft.sound },
  };
}
