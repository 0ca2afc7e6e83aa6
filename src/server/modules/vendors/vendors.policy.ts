import type { AuthUser } from '../../platform/auth/sessions';
import { hasRole } from '../../platform/auth/guards';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'roles'>;

/** Vendor-only pages and actions: profiles.user_type 'vendor'; admin passes (spec §6). */
export function isVendorOrAdmin(user: Actor): boolean {
  return user.userType === 'vendor' || hasRole(user, 'admin');
}

/** spec §4/§6: only the event creator approves or rejects; admin passes every check. */
export function canManageVendorsOf(user: Actor, event: { userId: string }): boolean {
  return user.id === event.userId || hasRole(user, 'admin');
}
