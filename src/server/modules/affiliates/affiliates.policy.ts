import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { OrderStatus } from '../../../contracts/tickets';
import { withinAttributionWindow } from './affiliate-rules';

// Who may do what in the affiliate program (decision 023). The program's arithmetic is in
// affiliate-rules.ts; an affiliate's own figures, links and W-9 are scoped to their id in the
// queries' WHERE.

type Actor = Pick<AuthUser, 'id' | 'roles'>;

/**
 * An event's commission rule is its owner's to read and set; an admin's for any event (the
 * query lifts its owner scoping).
 */
export const setsAnyCommissionRule = (actor: Actor) => isAdmin(actor);

/**
 * The full TIN is for admins preparing a 1099, and every read is audited; everyone else, the
 * affiliate included, sees it masked.
 */
export const readsFullTin = (actor: Actor) => isAdmin(actor);

/** spec §4: the referrer clicking their own link records nothing (test mode excepted). */
export const isSelfClick = (click: {
  viewerId: string | null;
  referrerId: string;
  test: boolean;
}) => !click.test && click.viewerId === click.referrerId;

/** Only the buyer names their order as an affiliate sale; anyone else's is "not found". */
export const recordsSaleOf = (actor: Actor, order: { userId: string }) => order.userId === actor.id;

/**
 * Whether a sale credits the link the buyer last came through: never the buyer's own link, only
 * within the cookie's 30 days, and only for an order that can still be paid.
 */
export function saleRefusal(facts: {
  buyerId: string;
  referrerId: string;
  clickedAt: Date;
  now: Date;
  orderStatus: OrderStatus;
}): 'self' | 'expired' | 'not_eligible' | null {
  if (facts.referrerId === facts.buyerId) return 'self';
  if (!withinAttributionWindow(facts.clickedAt, facts.now)) return 'expired';
  if (facts.orderStatus === 'expired' || facts.orderStatus === 'cancelled') return 'not_eligible';
  return null;
}
