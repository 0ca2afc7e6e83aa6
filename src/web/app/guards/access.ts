import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SessionUser } from '../../../contracts/auth';
import type { Role, UserType } from '../../../contracts/enums';
import { formatList } from '../../lib/intl-locale';
import { paths } from '../../lib/paths';

/** What a guard can require: a privileged role (spec §6) or an account type. */
export type RequiredRole = Role | UserType;

/** spec §6: admin passes every role check; otherwise the role or the account type must match. */
export function hasRole(
  user: Pick<SessionUser, 'roles' | 'userType'>,
  role: RequiredRole,
): boolean {
  if (user.roles.includes('admin')) return true;
  return (user.roles as readonly string[]).includes(role) || user.userType === role;
}

export type Access = 'signed-out' | 'denied' | 'allowed';

/** A route may admit several account types (events are created by organizers and venues). */
export type RoleRequirement = RequiredRole | readonly RequiredRole[];

export const requiredRoles = (requirement: RoleRequirement): readonly RequiredRole[] =>
  typeof requirement === 'string' ? [requirement] : requirement;

// The spec's role names, as the server's refusals use them in English ("blog_admin" included).
const ROLE_NAMES: Record<RequiredRole, MessageDescriptor> = {
  admin: msg`admin`,
  blog_admin: msg`blog_admin`,
  moderator: msg`moderator`,
  attendee: msg`attendee`,
  organizer: msg`organizer`,
  vendor: msg`vendor`,
  venue: msg`venue`,
};

/** "organizer or venue" (of "Required role: organizer or venue"), in the page's language. */
export const roleLabel = (requirement: RoleRequirement): string =>
  formatList(
    requiredRoles(requirement).map((role) => i18n._(ROLE_NAMES[role])),
    'disjunction',
  );

export function decideAccess(
  user: Pick<SessionUser, 'roles' | 'userType'> | null,
  role?: RoleRequirement,
): Access {
  if (!user) return 'signed-out';
  if (role && !requiredRoles(role).some((one) => hasRole(user, one))) return 'denied';
  return 'allowed';
}

/** Router state the auth page reads to send the visitor back (spec §6, "remembering the origin"). */
export interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** `/auth?redirect=%2Fmessages`: the origin path travels in the URL too, so it survives a reload. */
export function signInRedirect(
  location: { pathname: string; search: string; hash: string },
  fallbackPath?: string,
): { to: string; state: FromState } {
  const origin = `${location.pathname}${location.search}${location.hash}`;
  const base = fallbackPath ?? paths.auth();
  const to = base === paths.auth() ? paths.auth(origin) : base;
  return {
    to,
    state: { from: { pathname: location.pathname, search: location.search, hash: location.hash } },
  };
}
