import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { HOLD_MINUTES } from '../../../contracts/tickets';
import type {
  BoxOfficeCatalog,
  BoxOfficeMail,
  BoxOfficeSale,
  BoxOfficeSaleInputSchema,
} from '../../../contracts/box-office';
import type { Locale } from '../../../contracts/locales';
import type { OrderStatus } from '../../../contracts/tickets';
import type { boxOfficeSales } from '../../db/schema/box-office';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { lockManagedEvent } from '../events/events.service';
import { cancelPendingOrder, recordBoxOfficeOrder, type OrderDeps } from '../orders/orders.service';
import { boxOfficeSeatLines, takeBoxOfficeSeats } from '../seating/seating.service';
import { orderTicketsPdf, type TicketDeps } from '../tickets/tickets.service';
import { openBoxOfficeCheckout } from './box-office-checkout';
import { lineProblem, paidAtOnce, settlePayment, type SaleProblem } from './box-office.policy';
import {
  admitOrderTickets,
  dropMailing,
  findOrCreateBuyer,
  findSale,
  findSaleAddOns,
  findSaleByKey,
  findSaleEvent,
  findSaleTypes,
  findSaleView,
  insertSale,
  recordMailing,
} from './box-office.queries';

export type BoxOfficeDeps = OrderDeps;

type SaleInput = z.output<typeof BoxOfficeSaleInputSchema>;
type SaleRow = typeof boxOfficeSales.$inferSelect;

const PROBLEMS: Record<SaleProblem['reason'], MessageDescriptor> = {
  not_this_event: msg`Please choose ticket types of this event`,
  event_unavailable: msg`This event is not selling tickets: it has ended or is not published`,
  card_needs_amount: msg`Nothing to charge: choose cash or complimentary for free tickets`,
  tendered_too_little: msg`The cash handed over is less than the total`,
  tendered_not_cash: msg`Only a cash payment records an amount handed over`,
};

const refuse = (problem: SaleProblem) =>
  new AppError('VALIDATION_FAILED', PROBLEMS[problem.reason], {
    fields: [{ field: `body.${problem.field}`, message: PROBLEMS[problem.reason].message }],
  });

const KEY_REUSED = msg`This Idempotency-Key was already used for a different sale`;

const NOTHING_CHOSEN = msg`Please choose at least one ticket or seat`;

const KEY_MISSING = msg`Send an Idempotency-Key header, so a sale sent twice is made once`;

class SaleReplay extends Error {}

/** The event, if the actor may sell at its door (owner, admin, or a box-office member). */
export async function sellingEvent(
  deps: BoxOfficeDeps,
  params: { eventId: string; actor: AuthUser },
) {
  await lockManagedEvent(deps.db, params, {
    lock: false,
    permission: 'sell_at_door',
    forbidden: msg`Only the organizer and their box office sell at this event's door`,
  });
  const event = await findSaleEvent(deps.db, params.eventId);
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
  return event;
}

/** What the box office may sell: the event's ticket types with price and what is left. */
export async function getCatalog(
  deps: BoxOfficeDeps,
  params: { eventId: string; actor: AuthUser },
): Promise<BoxOfficeCatalog> {
  const event = await sellingEvent(deps, params);
  const [types, addOns] = await Promise.all([
    findSaleTypes(deps.db, event.id),
    findSaleAddOns(deps.db, event.id),
  ]);
  return {
    eventId: event.id,
    currency: types[0]?.currency ?? event.currency,
    ticketTypes: types.map((type) => ({
      id: type.id,
      name: type.name,
      priceCents: type.priceCents,
      remaining: type.remaining,
      taxRateThousandths: type.taxRateThousandths,
      taxAdded: type.taxAdded,
    })),
    addOns: addOns.map((addOn) => ({
      id: addOn.id,
      productId: addOn.productId,
      name: addOn.name,
      priceCents: addOn.priceCents,
      remaining: addOn.remaining,
      taxRateThousandths: addOn.taxRateThousandths,
      taxAdded: addOn.taxAdded,
    })),
  };
}

const hashSale = (input: SaleInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        [...input.items].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId)),
        input.method,
        input.tenderedCents ?? null,
        input.buyerEmail?.toLowerCase() ?? null,
        input.buyerName ?? null,
        input.admit,
        [...input.seatIds].sort(),
        input.cardOn,
      ]),
    )
    .digest('base64url');

/** Refunded sales stay "paid" here: they were sold; the orders pages show the refund. */
function saleStatus(status: OrderStatus): BoxOfficeSale['status'] {
  if (status === 'pending' || status === 'cancelled' || status === 'expired') return status;
  return 'paid';
}

async function present(deps: BoxOfficeDeps, sale: SaleRow): Promise<BoxOfficeSale> {
  const view = await findSaleView(deps.db, sale.orderId);
  if (!view) throw new AppError('NOT_FOUND', msg`Sale not found`);
  const walkIn = view.email.endsWith('.invalid');
  return {
    orderId: sale.orderId,
    status: saleStatus(view.status),
    method: sale.method as BoxOfficeSale['method'],
    currency: view.currency,
    totalCents: sale.totalCents,
    tenderedCents: sale.tenderedCents,
    changeCents: sale.changeCents,
    checkoutUrl: view.status === 'pending' ? view.checkoutUrl : null,
    buyerName: view.name,
    buyerEmail: walkIn ? null : view.email,
    tickets: view.tickets,
    addOns: view.addOns,
  };
}

async function replay(deps: BoxOfficeDeps, eventId: string, key: string, hash: string) {
  const existing = await findSaleByKey(deps.db, { eventId, key });
  if (!existing) return null;
  if (existing.requestHash !== hash) throw new AppError('UNPROCESSABLE', KEY_REUSED);
  return present(deps, existing);
}

/**
 * A sale at the door: in one transaction the buyer's account, the order with its stock taken by
 * the orders engine, the sale's record and (sell and admit) the check-in; a refusal anywhere
 * leaves none of it. Cash and complimentary sales are paid at once; a card sale opens the
 * payment provider's card form and is paid when the provider says so. The same key and body
 * return the same sale.
 */
export async function sell(
  deps: BoxOfficeDeps,
  params: { eventId: string; actor: AuthUser; input: SaleInput; idempotencyKey?: string },
): Promise<BoxOfficeSale> {
  const { input, actor, idempotencyKey: key } = params;
  const event = await sellingEvent(deps, params);
  if (!key)
    throw new AppError('VALIDATION_FAILED', KEY_MISSING, {
      fields: [{ field: 'headers.idempotency-key', message: KEY_MISSING.message }],
    });
  // Checked after access: a stranger is refused before being told what is missing.
  if (!input.items.length && !input.seatIds.length)
    throw new AppError('VALIDATION_FAILED', NOTHING_CHOSEN, {
      fields: [{ field: 'body.items', message: NOTHING_CHOSEN.message }],
    });
  const hash = hashSale(input);
  const earlier = await replay(deps, event.id, key, hash);
  if (earlier) return earlier;
  // Tickets and add-ons (products' variations, decision 051) are lines of the same order.
  const sold = [
    ...(await findSaleTypes(deps.db, event.id)),
    ...(await findSaleAddOns(deps.db, event.id)),
  ];
  const types = new Map(sold.map((type) => [type.id, type]));
  const now = deps.clock.now();
  const problem = lineProblem(event, input.items, types, now);
  if (problem) throw refuse(problem);
  const paid = paidAtOnce(input.method);
  // Seats picked on the map (an event sold by seat) sell as their categories' ticket types.
  const seatIds = [...new Set(input.seatIds)];
  const seatLines = await boxOfficeSeatLines(deps, { eventId: event.id, seatIds });

  let sale: SaleRow;
  try {
    sale = await deps.db.transaction(async (tx) => {
      const buyer = await findOrCreateBuyer(tx, {
        email: input.buyerEmail ?? null,
        name: input.buyerName || null,
        now,
      });
      const order = await recordBoxOfficeOrder(tx, {
        buyerId: buyer.id,
        lines: mergeLines(input.items),
        seatLines,
        complimentary: input.method === 'complimentary',
        paid,
        now,
        reservedUntil: paid ? null : new Date(now.getTime() + HOLD_MINUTES * 60_000),
        paymentRef: paid ? `box_office_${input.method}` : null,
      });
      await takeBoxOfficeSeats(tx, { eventId: event.id, seatIds, orderId: order.orderId, now });
      // The total is the order's (tax added on top of the prices counts too).
      const settled = settlePayment(input.method, order.totalCents, input.tenderedCents);
      if (!settled.ok) throw refuse(settled.problem);
      const created = await insertSale(tx, {
        orderId: order.orderId,
        eventId: event.id,
        sellerId: actor.id,
        method: input.method,
        totalCents: order.totalCents,
        tenderedCents: settled.tenderedCents,
        changeCents: settled.changeCents,
        idempotencyKey: key,
        requestHash: hash,
        createdAt: now,
      });
      if (!created) throw new SaleReplay();
      if (paid && input.admit)
        await admitOrderTickets(tx, { orderId: order.orderId, by: actor.id, at: now });
      return created;
    });
  } catch (error) {
    // The same sale sent twice at once: the second finds the first's record, or its seats, taken.
    const seatTaken = error instanceof AppError && error.code === 'CONFLICT' && seatIds.length > 0;
    if (error instanceof SaleReplay || seatTaken) {
      const replayed = await replay(deps, event.id, key, hash);
      if (replayed) return replayed;
    }
    throw error;
  }

  if (paid) {
    // The tickets by mail, when the buyer gave an address (a walk-in's takes no mail).
    if (input.buyerEmail) await deps.onFulfilled?.(sale.orderId);
  } else {
    try {
      await openBoxOfficeCheckout(deps, {
        orderId: sale.orderId,
        eventId: event.id,
        cardOn: input.cardOn,
      });
    } catch (error) {
      await cancelPendingOrder(deps.db, sale.orderId, deps.clock.now());
      throw error;
    }
  }
  return present(deps, sale);
}

function mergeLines(items: SaleInput['items']) {
  const merged = new Map<string, number>();
  for (const item of items)
    merged.set(item.ticketTypeId, (merged.get(item.ticketTypeId) ?? 0) + item.quantity);
  return [...merged].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));
}

/** A box-office sale of this event, as the seller sees it (after a card payment, say). */
export async function getSale(
  deps: BoxOfficeDeps,
  params: { eventId: string; orderId: string; actor: AuthUser },
) {
  await sellingEvent(deps, params);
  const sale = await findSale(deps.db, params);
  if (!sale) throw new AppError('NOT_FOUND', msg`Sale not found`);
  return present(deps, sale);
}

const NOT_PAID_YET = msg`The tickets are issued once the payment is in`;

/** A sale's tickets in one PDF to print at the desk, a page each (decision 117). */
export async function saleTicketsPdf(
  deps: BoxOfficeDeps,
  tickets: TicketDeps,
  params: { eventId: string; orderId: string; actor: AuthUser; locale: Locale; appName: string },
) {
  await sellingEvent(deps, params);
  const sale = await findSale(deps.db, params);
  if (!sale) throw new AppError('NOT_FOUND', msg`Sale not found`);
  const pdf = await orderTicketsPdf(tickets, { ...params, orderId: sale.orderId });
  if (!pdf) throw new AppError('CONFLICT', NOT_PAID_YET);
  return pdf;
}

const BAD_ADDRESS = msg`Please enter a valid email address`;
const NO_TICKETS_TO_MAIL = msg`This sale has no tickets to mail`;
const MAIL_ID_REUSED = msg`This request id was already used to mail these tickets to another address`;
const MAIL_ID_MISSING = msg`Send an Idempotency-Key header, so a mail sent twice goes out once`;

/**
 * "Mail the tickets later": the desk sends a paid sale's tickets to the address the buyer gives
 * (a walk-in who first wanted none, or a second copy), as the same tickets mail an online buyer
 * gets. One mail per request id: a double click sends one; each new press sends again.
 */
export async function mailSaleTickets(
  deps: BoxOfficeDeps & { mailTickets: (orderId: string, to: string) => Promise<boolean> },
  params: {
    eventId: string;
    orderId: string;
    actor: AuthUser;
    email: string;
    requestId?: string;
  },
): Promise<BoxOfficeMail> {
  await sellingEvent(deps, params);
  const sale = await findSale(deps.db, params);
  if (!sale) throw new AppError('NOT_FOUND', msg`Sale not found`);
  const { requestId } = params;
  if (!requestId)
    throw new AppError('VALIDATION_FAILED', MAIL_ID_MISSING, {
      fields: [{ field: 'headers.idempotency-key', message: MAIL_ID_MISSING.message }],
    });
  const view = await findSaleView(deps.db, sale.orderId);
  if (!view || saleStatus(view.status) !== 'paid') throw new AppError('CONFLICT', NOT_PAID_YET);
  const ticketCount = view.tickets.filter((ticket) => ticket.status !== 'void').length;
  if (!ticketCount) throw new AppError('CONFLICT', NO_TICKETS_TO_MAIL);
  const sentTo = params.email;
  // The reserved `.invalid` domain (a walk-in's made-up account) takes no mail.
  if (sentTo.toLowerCase().endsWith('.invalid'))
    throw new AppError('VALIDATION_FAILED', BAD_ADDRESS, {
      fields: [{ field: 'body.email', message: BAD_ADDRESS.message }],
    });
  const requestHash = createHash('sha256').update(sentTo.toLowerCase()).digest('base64url');
  const recorded = await recordMailing(deps.db, {
    orderId: sale.orderId,
    requestId,
    requestHash,
    sentBy: params.actor.id,
    createdAt: deps.clock.now(),
  });
  if (recorded.requestHash !== requestHash) throw new AppError('UNPROCESSABLE', MAIL_ID_REUSED);
  if (!recorded.fresh) return { sentTo, ticketCount };
  try {
    if (!(await deps.mailTickets(sale.orderId, sentTo)))
      throw new AppError('CONFLICT', NO_TICKETS_TO_MAIL);
  } catch (error) {
    // Nothing was queued: the same press may be sent again.
    await dropMailing(deps.db, { orderId: sale.orderId, requestId });
    throw error;
  }
  return { sentTo, ticketCount };
}

const NOT_OPEN = msg`Only a sale waiting for its card payment can be cancelled`;

/**
 * The seller gives up a card sale still waiting for its payment (the buyer walked away): the
 * order's hold is released at once (its tickets and seats go back on sale) and the provider's
 * checkout is closed so the QR code can no longer be paid. A payment that lands anyway is a late
 * payment and is refunded, as online.
 */
export async function cancelSale(
  deps: BoxOfficeDeps,
  params: { eventId: string; orderId: string; actor: AuthUser },
) {
  await sellingEvent(deps, params);
  const sale = await findSale(deps.db, params);
  if (!sale) throw new AppError('NOT_FOUND', msg`Sale not found`);
  const view = await findSaleView(deps.db, sale.orderId);
  const released = await cancelPendingOrder(deps.db, sale.orderId, deps.clock.now());
  if (!released) throw new AppError('CONFLICT', NOT_OPEN);
  if (view?.paymentSessionId) await deps.payments.expireCheckout(view.paymentSessionId);
  return present(deps, sale);
}

/** Checks in a paid sale's tickets at once (a card sale once its payment is in). */
export async function admitSale(
  deps: BoxOfficeDeps,
  params: { eventId: string; orderId: string; actor: AuthUser },
) {
  await sellingEvent(deps, params);
  const sale = await findSale(deps.db, params);
  if (!sale) throw new AppError('NOT_FOUND', msg`Sale not found`);
  await deps.db.transaction((tx) =>
    admitOrderTickets(tx, { orderId: sale.orderId, by: params.actor.id, at: deps.clock.now() }),
  );
  return present(deps, sale);
}
