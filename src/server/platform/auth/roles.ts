import type { AuthUser } from './sessions';

const PRIVILEGED_ORDER = ['admin', 'moderator', 'blog_admin'] as const;

/**
 * get_current_user_role (spec §6/§7): the most privileged role a user holds, else their account
 * type. The web falls back silently to attendee when this lookup fails (spec §4).
 */
export function getCurrentUserRole(user: Pick<AuthUser, 'roles' | 'userType'>): string {
  return PRIVILEGED_ORDER.find((role) => user.roles.includes(role)) ?? user.userType;
}
