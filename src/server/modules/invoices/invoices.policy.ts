import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

// Who may read and manage an order's invoices (decision 059). Everyone else is told the order
// does not exist, as for the order itself.

export interface OrderParties {
  buyerId: string;
  /** The organizer's user id, or 'platform' for MEA Events' own charges. */
  sellerKey: string | null;
}

/** The buyer, the seller (the event's organizer) and admins read an order's invoices. */
export function canReadInvoices(actor: Pick<AuthUser, 'id' | 'roles'>, order: OrderParties) {
  return isAdmin(actor) || actor.id === order.buyerId || actor.id === order.sellerKey;
}

/** The seller and admins cancel and re-issue; the buyer only reads and asks for one. */
export function canManageInvoices(actor: Pick<AuthUser, 'id' | 'roles'>, order: OrderParties) {
  return isAdmin(actor) || (order.sellerKey !== 'platform' && actor.id === order.sellerKey);
}

/** Only the buyer asks for an invoice, and only a seller who issues on request answers. */
export function canRequestInvoice(actor: Pick<AuthUser, 'id'>, order: OrderParties) {
  return actor.id === order.buyerId;
}
