import { hasRole } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

// Whose notifications are whose. A person's list, read marks, settings and push subscriptions
// are scoped to their id in the queries' WHERE; an event's announcements are its organizer's
// (events' `lockManagedEvent`). The decisions left are these.

/** Admins may notify (and email) anyone, for support and tests; everyone else only themselves. */
export const notifiesFor = (actor: Pick<AuthUser, 'id' | 'roles'>, userId: string) =>
  userId === actor.id || hasRole(actor, 'admin');

/**
 * Mail goes only to a confirmed address: an unconfirmed one may be a stranger's, typed in at
 * sign-up by someone else. Push and the in-app list do not depend on it.
 */
export const mailable = <R extends { confirmed: boolean }>(
  recipient: R | undefined,
): recipient is R => Boolean(recipient?.confirmed);
