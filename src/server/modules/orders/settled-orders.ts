import type { DbExecutor } from '../../db/client';
import { fulfilOrder } from './fulfilment';
import { takePoolsFor } from './holds.queries';
import { insertOrderItems, insertTicketOrder, loadTypes, takeTicketStock } from './orders.queries';

/**
 * An order that was paid before it reached us (the demo seed, an import) recorded with the
 * statements a buyer's order runs: the stock taken with the same guarded UPDATE as a hold, then
 * `fulfilOrder`'s tickets, event counters and notifications. Writing tickets any other way
 * leaves `events.total_tickets_sold` and the stock disagreeing with the tickets (the doctor's
 * invariants, decision 044). Sales windows and event status are not checked: the sale happened.
 */
export async function recordPaidOrder(
  tx: DbExecutor,
  params: {
    buyerId: string;
    lines: { ticketTypeId: string; quantity: number }[];
    at: Date;
    paymentRef?: string | null;
  },
): Promise<{ orderId: string; totalCents: number; currency: string }> {
  const types = await loadTypes(
    tx,
    params.lines.map((line) => line.ticketTypeId),
  );
  const priced = params.lines.map((line) => {
    const type = types.get(line.ticketTypeId);
    if (!type) throw new Error(`No ticket type ${line.ticketTypeId}`);
    return { ...line, type };
  });
  const currency = priced[0]?.type.currency ?? 'USD';
  const totalCents = priced.reduce((sum, line) => sum + line.type.priceCents * line.quantity, 0);
  const order = await insertTicketOrder(tx, {
    userId: params.buyerId,
    currency,
    subtotalCents: totalCents,
    totalCents,
    provider: totalCents > 0 ? 'local' : null,
    createdAt: params.at,
    updatedAt: params.at,
  });
  if (!order) throw new Error('recordPaidOrder inserted no order');
  await insertOrderItems(
    tx,
    priced.map((line) => ({
      orderId: order.id,
      eventId: line.type.eventId,
      ticketTypeId: line.ticketTypeId,
      quantity: line.quantity,
      unitPriceCents: line.type.priceCents,
    })),
  );
  for (const line of priced)
    if (!(await takeTicketStock(tx, line)))
      throw new Error(`Not enough tickets left of ${line.type.name}`);
  if (await takePoolsFor(tx, params.lines)) throw new Error('Not enough places left in a pool');
  await fulfilOrder(tx, {
    orderId: order.id,
    buyerId: params.buyerId,
    paymentRef: params.paymentRef ?? null,
    now: params.at,
  });
  return { orderId: order.id, totalCents, currency };
}
