import { RECENT_NOTIFICATION_TOAST_WINDOW_MS } from '../../../contracts/limits';
import { groupOfType } from '../../../contracts/notification-types';
import type { Notification, NotificationSettings } from '../../../contracts/notifications';

/**
 * spec §9: only a notification created within the last 30 seconds is announced, so catching up
 * after a reconnect (or a sleeping laptop) does not replay a burst of old toasts. A creation
 * time slightly ahead of this clock (the server's clock differs) still counts as recent.
 */
export function isRecent(notification: Pick<Notification, 'createdAt'>, now: number): boolean {
  const created = Date.parse(notification.createdAt);
  if (Number.isNaN(created)) return false;
  return now - created <= RECENT_NOTIFICATION_TOAST_WINDOW_MS;
}

/** The in-app channel of the notification's group (on while the settings are unknown). */
export function isInAppOn(
  notification: Pick<Notification, 'type'>,
  settings: NotificationSettings | undefined,
): boolean {
  return settings?.groups[groupOfType(notification.type)]?.inApp ?? true;
}

export interface LiveAlert {
  toast: boolean;
  sound: boolean;
}

/**
 * How a newly inserted notification is announced in this tab: nothing when it is old or read,
 * or when the in-app channel of its group is off; the sound also needs the sound setting on.
 * Unknown settings (still loading) mean the defaults: in-app and sound on.
 */
export function liveAlertFor(
  notification: Notification,
  settings: NotificationSettings | undefined,
  now: number,
): LiveAlert {
  if (notification.read || !isRecent(notification, now)) return { toast: false, sound: false };
  if (!isInAppOn(notification, settings)) return { toast: false, sound: false };
  return { toast: true, sound: settings?.sound ?? true };
}
