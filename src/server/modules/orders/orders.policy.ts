import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';
import type { OrderStatus } from '../../../contracts/tickets';

// Who may see, cancel and refund an order. The per-row part of each rule is owner scoping in the
// query's WHERE (orders.queries `orderVisibleTo`, refunds.service `refundableBy`, the buyer's id
// in `cancelOrder`): what is decided here is whether that scoping applies at all.

type Actor = Pick<AuthUser, 'roles'> | null | undefined;

/**
 * Who sees an order: an admin sees every order; anyone else the orders they bought and those
 * with tickets for an event they own (scoped in `orderVisibleTo`). The buyer alone cancels their
 * pending order (scoped in `cancelOrder`; no exception for admins or organizers).
 */
export const seesEveryOrder = (actor: Actor) => isAdmin(actor);

/**
 * Who refunds an order: an admin any order (vendor fees, plans, rides included); an event's owner
 * only ticket orders with lines for their events (scoped in `refundableBy`); the buyer never.
 */
export const refundsEveryOrder = (actor: Actor) => isAdmin(actor);

/**
 * What is left to refund of an order, or null when nothing may be refunded: only paid (or
 * partly refunded) orders that cost something.
 */
export function refundableCents(order: {
  status: OrderStatus;
  totalCents: number;
  refundedCents: number;
}): number | null {
  if (!['paid', 'partially_refunded'].includes(order.status) || order.totalCents === 0) return null;
  return order.totalCents - order.refundedCents;
}
