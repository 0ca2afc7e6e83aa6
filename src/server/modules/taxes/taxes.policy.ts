import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'roles'>;

/** Those who sell (organizers and venues) keep tax rates; admins can do everything. */
export function canKeepTaxRates(user: Actor): boolean {
  return user.userType === 'organizer' || user.userType === 'venue' || isAdmin(user);
}

/** A rate is changed by the organizer who made it, or an admin. */
export function canChangeTaxRate(user: Actor, rate: { userId: string }): boolean {
  return user.id === rate.userId || isAdmin(user);
}

/** An order's tax is seen by its buyer, the organizer of an event in it, and admins. */
export function canSeeOrderTax(
  user: Pick<AuthUser, 'id' | 'roles'>,
  order: { buyerId: string; sells: boolean },
): boolean {
  return user.id === order.buyerId || order.sells || isAdmin(user);
}
