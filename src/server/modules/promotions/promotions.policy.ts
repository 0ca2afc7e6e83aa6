import type { AuthUser } from '../../platform/auth/sessions';
import { hasRole } from '../../platform/auth/guards';

/** Organizers, vendors and venues buy visibility (admins too, for house campaigns). */
export function canPromote(user: Pick<AuthUser, 'userType' | 'roles'>): boolean {
  return user.userType !== 'attendee' || hasRole(user, 'admin');
}

/** The approve/reject list is moderation work (admins pass every role check). */
export function canReview(user: Pick<AuthUser, 'roles'>): boolean {
  return hasRole(user, 'moderator');
}
