import type { Notification } from '../../../contracts/notifications';
import { paths, safeRedirectPath } from '../../lib/paths';

/**
 * Where a notification leads: its `link` when that is a page of this site, else the list.
 * (A link to another site, e.g. a payment page, is opened as a normal link by the list.)
 */
export function notificationTarget(notification: Pick<Notification, 'link'>): string {
  return safeRedirectPath(notification.link) ?? paths.notifications();
}

/** An absolute http(s) address the server gave as the link (never javascript: and the like). */
export function externalLink(notification: Pick<Notification, 'link'>): string | null {
  const link = notification.link;
  if (!link || !/^https?:\/\//i.test(link)) return null;
  try {
    return new URL(link).href;
  } catch {
    return null;
  }
}
