import { t } from '@lingui/core/macro';
import type { SessionUser } from '../../../contracts/auth';
import type { UserType } from '../../../contracts/enums';
import { NEW_USER_THRESHOLD_MS } from '../../../contracts/limits';
import { paths } from '../../lib/paths';

/**
 * spec §2 "Auth page": where a person lands after signing in when no page is remembered:
 * organizers and venues on their dashboards, vendors on their vendor profile, attendees at home
 * (or on /dashboard on a phone, where home is the marketing page).
 */
export function landingPath(userType: UserType, isMobile: boolean): string {
  switch (userType) {
    case 'organizer':
      return '/organizer-dashboard';
    case 'venue':
      return '/venue-dashboard';
    case 'vendor':
      return paths.vendorProfile();
    case 'attendee':
      return isMobile ? paths.dashboard() : paths.home();
  }
}

/** spec §4: a profile created less than 5 minutes ago gets the welcome message. */
export function isNewUser(createdAt: string, now: number): boolean {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return false;
  return now - created < NEW_USER_THRESHOLD_MS;
}

export interface ToastText {
  title: string;
  description: string;
}

/**
 * spec §4 "Welcome vs sign-in message" (the spec does not show the texts; these are ours), in the
 * active language: it runs when the sign-in answers, not while rendering.
 */
export function signInToast(
  user: Pick<SessionUser, 'fullName' | 'createdAt'>,
  now: number,
  appName = 'MEA Events',
): ToastText {
  const firstName = user.fullName.trim().split(/\s+/)[0] || user.fullName;
  return isNewUser(user.createdAt, now)
    ? {
        title: t`Welcome to ${appName}!`,
        description: t`Your account is ready. Start exploring events.`,
      }
    : { title: t`Signed in`, description: t`Welcome back, ${firstName}!` };
}
