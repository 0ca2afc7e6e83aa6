import type { Order } from '../../../contracts/tickets';
import type { orders } from '../../db/schema/tickets';

// Rows to the API's Order.

export interface PresentableItem {
  id: string;
  eventId: string;
  eventTitle: string;
  ticketTypeId: string;
  ticketTypeName: string;
  kind: 'admission' | 'product';
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
}

export function presentOrder(
  order: typeof orders.$inferSelect,
  parts: {
    buyer: Order['buyer'];
    items: PresentableItem[];
    tickets: Order['tickets'];
  },
): Order {
  const pending = order.status === 'pending';
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    currency: order.currency as Order['currency'],
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    totalCents: order.totalCents,
    refundedCents: order.refundedCents,
    discountCode: order.discountCode,
    reservedUntil: pending ? (order.reservedUntil?.toISOString() ?? null) : null,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    buyer: parts.buyer,
    items: parts.items.map((item) => ({
      id: item.id,
      eventId: item.eventId,
      eventTitle: item.eventTitle,
      ticketTypeId: item.ticketTypeId,
      ticketTypeName: item.ticketTypeName,
      kind: item.kind,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      discountCents: item.discountCents,
      totalCents: item.unitPriceCents * item.quantity - item.discountCents,
    })),
    tickets: parts.tickets.map((t) => ({
      id: t.id,
      eventId: t.eventId,
      ticketTypeName: t.ticketTypeName,
      status: t.status,
    })),
    checkoutUrl: pending && order.totalCents > 0 ? order.checkoutUrl : null,
    paymentSessionId: order.paymentSessionId,
  };
}
