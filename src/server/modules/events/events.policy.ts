import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { EventRow } from './events.queries';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'roles'> | null;

export { isAdmin };

/** Organizers and venues host events; admins can do everything (spec §6). */
export function canCreateEvents(user: Actor): boolean {
  return Boolean(
    user && (user.userType === 'organizer' || user.userType === 'venue' || isAdmin(user)),
  );
}

export function canManageEvent(user: Actor, event: Pick<EventRow, 'userId'>): boolean {
  return Boolean(user && (user.id === event.userId || isAdmin(user)));
}

/**
 * Who may see an event: anyone once it is public and no longer a draft; the owner and admins
 * always; anyone holding the secret link of a private event once it is published.
 */
export function canViewEvent(
  user: Actor,
  event: Pick<EventRow, 'userId' | 'eventStatus' | 'visibility' | 'accessToken'>,
  accessToken?: string,
): boolean {
  if (canManageEvent(user, event)) return true;
  if (event.eventStatus === 'draft') return false;
  if (event.visibility === 'public') return true;
  return Boolean(accessToken && event.accessToken && accessToken === event.accessToken);
}
