import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'roles'> | null;

/** Lists, campaigns and funnels belong to the people who sell: organizers, vendors, venues. */
export function canUseMarketing(user: Actor): boolean {
  return Boolean(
    user &&
    (user.userType === 'organizer' ||
      user.userType === 'vendor' ||
      user.userType === 'venue' ||
      isAdmin(user)),
  );
}

/** The owner, or an admin (spec §6: admin passes every check). */
export function canManage(user: Actor, row: { ownerId: string }): boolean {
  return Boolean(user && (user.id === row.ownerId || isAdmin(user)));
}
