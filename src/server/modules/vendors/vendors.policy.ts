import { VENDOR_SHARING_AFTER_MS, VENDOR_SHARING_BEFORE_MS } from '../../../contracts/rides';
import type { AuthUser } from '../../platform/auth/sessions';
import { hasRole, isAdmin } from '../../platform/auth/guards';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'roles'>;

/** Vendor-only pages and actions: profiles.user_type 'vendor'; admin passes (spec §6). */
export function isVendorOrAdmin(user: Actor): boolean {
  return user.userType === 'vendor' || hasRole(user, 'admin');
}

/** spec §4/§6: only the event creator approves or rejects; admin passes every check. */
export function canManageVendorsOf(user: Actor, event: { userId: string }): boolean {
  return user.id === event.userId || hasRole(user, 'admin');
}

/** A vendor shares their live position with the organizer on the event day only. */
export const vendorSharingWindow = (event: { startsAt: Date; endsAt: Date | null }) => ({
  start: event.startsAt.getTime() - VENDOR_SHARING_BEFORE_MS,
  end: (event.endsAt ?? event.startsAt).getTime() + VENDOR_SHARING_AFTER_MS,
});

/** The event's organizer and admins see where its vendors are; nobody else learns of them. */
export const seesVendorLocations = (
  actor: Pick<AuthUser, 'id' | 'roles'>,
  event: { ownerId: string },
) => actor.id === event.ownerId || isAdmin(actor);
