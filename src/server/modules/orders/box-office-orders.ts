import type { DbExecutor } from '../../db/client';
import { applyOrderTax } from '../taxes/taxes.service';
import { checkAddOns } from './add-ons';
import { fulfilOrder } from './fulfilment';
import { expireHolds } from './holds.queries';
import {
  findRemaining,
  insertOrderItems,
  insertTicketOrder,
  loadTypes,
  takeTicketStock,
} from './orders.queries';
import { stockShortage, takePoolStockOrRefuse } from './pool-holds';
import { refuseSeatedTypes } from './seated-types';

interface Line {
  ticketTypeId: string;
  quantity: number;
}

/**
 * A sale at the door (decision 070) as an order, in the caller's transaction: the stock taken
 * with the same guarded UPDATEs as a buyer's hold (so the door never oversells what is sold
 * online), add-ons by the rules and prices they have online, the lines' tax, and, when paid at
 * once, `fulfilOrder`'s tickets, counters and notifications. A card sale stays pending with a hold until its payment arrives. Any refusal
 * throws, and the caller's transaction leaves nothing behind.
 */
export async function recordBoxOfficeOrder(
  tx: DbExecutor,
  params: {
    buyerId: string;
    lines: Line[];
    /** The lines of the seats the sale takes (their caller takes the seats in this transaction). */
    seatLines?: Line[];
    complimentary: boolean;
    paid: boolean;
    now: Date;
    reservedUntil: Date | null;
    paymentRef: string | null;
  },
): Promise<{ orderId: string; totalCents: number; currency: string }> {
  // A type sold by seat is sold only with its seats, picked on the map (decisions 072, 090).
  await refuseSeatedTypes(tx, params.lines, 'body.items');
  const merged = new Map<string, number>();
  for (const line of [...params.lines, ...(params.seatLines ?? [])])
    merged.set(line.ticketTypeId, (merged.get(line.ticketTypeId) ?? 0) + line.quantity);
  // Sorted by id, so concurrent sales and holds lock stock rows in one order.
  const lines = [...merged]
    .map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }))
    .sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
  const types = await loadTypes(
    tx,
    lines.map((line) => line.ticketTypeId),
  );
  // Add-ons keep the rules they keep online: at least and at most so many per ticket.
  await checkAddOns(tx, [...params.lines, ...(params.seatLines ?? [])], types);
  const unitPrice = (line: Line) =>
    params.complimentary ? 0 : (types.get(line.ticketTypeId)?.priceCents ?? 0);
  const currency = types.get(lines[0]?.ticketTypeId ?? '')?.currency ?? 'USD';
  const subtotal = lines.reduce((sum, line) => sum + unitPrice(line) * line.quantity, 0);
  const order = await insertTicketOrder(tx, {
    userId: params.buyerId,
    currency,
    subtotalCents: subtotal,
    totalCents: subtotal,
    reservedUntil: params.reservedUntil,
    metadata: { channel: 'box_office' },
    createdAt: params.now,
    updatedAt: params.now,
  });
  if (!order) throw new Error('recordBoxOfficeOrder inserted no order');
  await insertOrderItems(
    tx,
    lines.map((line) => ({
      orderId: order.id,
      eventId: types.get(line.ticketTypeId)?.eventId ?? '',
      ticketTypeId: line.ticketTypeId,
      quantity: line.quantity,
      unitPriceCents: unitPrice(line),
    })),
  );
  const taxed = await applyOrderTax(tx, { orderId: order.id });
  for (const line of lines) {
    if (await takeTicketStock(tx, line)) continue;
    // Holds that ran out still count against stock until swept.
    const swept = await expireHolds(tx, params.now, { ticketTypeIds: [line.ticketTypeId] });
    if (swept.length && (await takeTicketStock(tx, line))) continue;
    const left = await findRemaining(tx, { ticketTypeId: line.ticketTypeId });
    throw stockShortage(line.ticketTypeId, left ?? 0);
  }
  await takePoolStockOrRefuse(tx, lines, params.now);
  if (params.paid)
    await fulfilOrder(tx, {
      orderId: order.id,
      buyerId: params.buyerId,
      paymentRef: params.paymentRef,
      now: params.now,
    });
  return { orderId: order.id, totalCents: taxed?.totalCents ?? subtotal, currency };
}
