import { chargeStep } from '../../../contracts/currency';
import { msg } from '@lingui/core/macro';
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  HOLD_MINUTES,
  OrderInputSchema,
  TICKET_MESSAGES,
  TICKET_REASONS,
  type Order,
  type OrderInput,
  type Quote,
} from '../../../contracts/tickets';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { availabilityOf, isRevealed } from '../tickets/ticket-types.service';
import {
  checkAccessCodeForOrder,
  recordAccessCodeUse,
  type OrderAccess,
} from '../access-codes/access-codes.service';
import { checkAddOns } from './add-ons';
import { fulfilOrder } from './fulfilment';
import { keepOrderAnswers, saveOrderAnswers } from './order-answers';
import { checkOrderAnswers } from '../questions/questions.service';
import { applyOrderTax, quoteTax } from '../taxes/taxes.service';
import {
  prepareBillingDetails,
  saveOrderBillingDetails,
} from '../billing-details/billing-details.service';
import { getOrder, type OrderDeps } from './order-deps';
import { cancelPendingOrder, expireHolds } from './holds.queries';
import { stockShortage, takePoolStockOrRefuse } from './pool-holds';
import {
  quickHold,
  refuseIfStillSoldOut,
  replay,
  startCheckout,
  type SeatClaim,
} from './quick-hold';
import {
  commitWithoutWaitingForFlush,
  countHeldByPerson,
  findDiscountCode,
  findOwnOrderStatus,
  findRemaining,
  insertOrderItems,
  insertTicketOrder,
  loadTypes,
  lockPersonTicketType,
  takeTicketStock,
  useDiscountCode,
  type HoldRequest,
  type HoldResult,
  type OrderRow,
  type TypeRow,
} from './orders.queries';
import { presentOrder } from './orders.presenter';
import { priceOrder, type DiscountRule } from './pricing';
import { refuseSeatedTypes } from './seated-types';
import { must } from '../../platform/must';

// Other modules that sell through an order (vendor fees) give up an unpaid one through this;
// the admin console refunds through refundOrder.
// Capacity pools count held places after due holds are given back.
export { cancelPendingOrder, expireHolds } from './holds.queries';
export { refundOrder } from './refunds.service';
export { announceStockReturned, STOCK_RETURNED_QUEUE, type StockReturned } from './stock-returned';
export { ORDER_SETTLED_QUEUE, type OrderSettled } from './order-settled';
export { getOrder, type OrderDeps };
export type { SeatClaim } from './quick-hold';
export type { HoldRequest, HoldResult } from './orders.queries';
export { getOrderPaymentStates, listAllOrders, listMyOrders } from './order-lists';
// The demo seed records its sales through the same statements as a buyer's order.
export { recordPaidOrder } from './settled-orders';
// Sales at the door take stock and issue tickets through the same statements (decision 070).
export { recordBoxOfficeOrder } from './box-office-orders';
export { openCheckout, returnUrls } from './checkout-session';

interface Line {
  ticketTypeId: string;
  quantity: number;
}

/** Same type twice → one line; sorted by id so concurrent orders lock stock rows in one order. */
function mergeLines(items: Line[]): Line[] {
  const merged = new Map<string, number>();
  for (const item of items)
    merged.set(item.ticketTypeId, (merged.get(item.ticketTypeId) ?? 0) + item.quantity);
  return [...merged]
    .map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }))
    .sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
}

const hashRequest = (lines: Line[], discountCode?: string | null, unlockCode?: string | null) =>
  createHash('sha256')
    .update(JSON.stringify([lines, discountCode?.toUpperCase() ?? null, unlockCode ?? null]))
    .digest('base64url');

const fieldError = (
  field: string,
  message: string,
  code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED',
) => new AppError(code, message, { fields: [{ field, message }] });

/** The checks of spec-style order rules, in the order a buyer would want to hear them. */
function checkLines(
  lines: Line[],
  types: Map<string, TypeRow>,
  now: Date,
  unlockCode?: string | null,
  access?: OrderAccess | null,
) {
  lines.forEach((line, index) => {
    const field = `body.items.${index}.quantity`;
    const type = types.get(line.ticketTypeId);
    if (!type || !(isRevealed(type, unlockCode) || access?.ticketTypeIds.has(type.id)))
      throw new AppError('NOT_FOUND', msg`Ticket type not found`);
    const ended = (type.eventEndsAt ?? type.eventStartsAt) <= now;
    if (type.eventStatus !== 'published' || ended)
      throw fieldError(field, TICKET_MESSAGES.eventUnavailable);
    const availability = availabilityOf(type, now);
    if (availability === 'not_started' || availability === 'ended')
      throw fieldError(field, TICKET_MESSAGES.notOnSale);
    if (line.quantity < type.minPerOrder)
      throw fieldError(field, TICKET_MESSAGES.belowMin(type.minPerOrder));
    if (line.quantity > type.maxPerOrder)
      throw fieldError(field, TICKET_MESSAGES.aboveMax(type.maxPerOrder));
  });
  const currencies = new Set([...types.values()].map((t) => t.currency));
  if (currencies.size > 1) throw fieldError('body.items', TICKET_MESSAGES.mixedCurrencies);
}

async function resolveDiscount(
  db: DbExecutor,
  params: { code: string; lines: Line[]; types: Map<string, TypeRow>; now: Date },
) {
  const eventIds = [...new Set([...params.types.values()].map((t) => t.eventId))];
  const find = () => findDiscountCode(db, { eventIds, code: params.code });
  let code = await find();
  // Uses held by orders whose time ran out come back before "used up" is said.
  if (code && code.usageLimit !== null && code.usedCount >= code.usageLimit) {
    await expireHolds(db, params.now, { eventId: code.eventId });
    code = await find();
  }
  const field = 'body.discountCode';
  if (!code || !code.isActive) throw fieldError(field, TICKET_MESSAGES.codeInvalid);
  if (code.validFrom && code.validFrom > params.now)
    throw fieldError(field, TICKET_MESSAGES.codeNotStarted);
  if (code.validUntil && code.validUntil <= params.now)
    throw fieldError(field, TICKET_MESSAGES.codeExpired);
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit)
    throw fieldError(field, TICKET_MESSAGES.codeUsedUp);
  const rule: DiscountRule = {
    kind: code.kind,
    amount: code.amount,
    eventId: code.eventId,
    ticketTypeId: code.ticketTypeId,
  };
  const applies = params.lines.some((line) => {
    const type = must(params.types.get(line.ticketTypeId), 'ticket type');
    return type.eventId === rule.eventId && (!rule.ticketTypeId || rule.ticketTypeId === type.id);
  });
  if (!applies) throw fieldError(field, TICKET_MESSAGES.codeNotApplicable);
  return { id: code.id, code: code.code, rule };
}

async function prepare(
  db: DbExecutor,
  input: ReturnType<typeof OrderInputSchema.parse>,
  now: Date,
) {
  const lines = mergeLines(input.items);
  const types = await loadTypes(
    db,
    lines.map((l) => l.ticketTypeId),
  );
  // Hidden types a type's own unlock code does not open need an access code (decision 053).
  const access = await checkAccessCodeForOrder(db, {
    code: input.unlockCode,
    types: [...types.values()],
    openedOtherwise: (type) => isRevealed(type, input.unlockCode),
    now,
    sweep: (eventId) => expireHolds(db, now, { eventId }),
  });
  checkLines(lines, types, now, input.unlockCode, access);
  await checkAddOns(db, lines, types);
  const discount = input.discountCode
    ? await resolveDiscount(db, { code: input.discountCode, lines, types, now })
    : null;
  const currency = must(types.get(must(lines[0], 'line').ticketTypeId), 'ticket type').currency;
  const priced = priceOrder(
    lines.map((line) => {
      const type = must(types.get(line.ticketTypeId), 'ticket type');
      return { ...line, eventId: type.eventId, unitPriceCents: type.priceCents };
    }),
    discount?.rule,
    chargeStep(currency),
  );
  return { lines, types, discount, access, priced, currency };
}

/** Prices a cart without taking stock (the cart page's totals and discount check). */
export async function quoteOrder(
  deps: Pick<OrderDeps, 'db' | 'clock'>,
  input: OrderInput,
): Promise<Quote> {
  const parsed = OrderInputSchema.parse(input);
  const now = deps.clock.now();
  await expireHolds(deps.db, now, { ticketTypeIds: parsed.items.map((i) => i.ticketTypeId) });
  const { types, discount, priced, currency } = await prepare(deps.db, parsed, now);
  // Company details in the quote show the buyer whether reverse charge applies; details that
  // would be refused at checkout are left out here (the checkout names each field).
  const billing = parsed.billingDetails
    ? await prepareBillingDetails(deps.db, {
        ticketTypeIds: parsed.items.map((i) => i.ticketTypeId),
        input: parsed.billingDetails,
      }).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      })
    : null;
  const tax = await quoteTax(
    deps.db,
    priced.lines.map((l) => ({ ticketTypeId: l.ticketTypeId, amount: l.totalCents })),
    { reverseCharge: billing?.reverseCharge ?? false },
  );
  return {
    currency: currency as Quote['currency'],
    lines: priced.lines.map((line) => {
      const type = must(types.get(line.ticketTypeId), 'ticket type');
      return {
        eventId: type.eventId,
        eventTitle: type.eventTitle,
        ticketTypeId: type.id,
        ticketTypeName: type.name,
        kind: type.kind,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        discountCents: line.discountCents,
        totalCents: line.totalCents,
        availability: availabilityOf(type, now),
      };
    }),
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountCents,
    totalCents: tax.gross,
    discountCode: discount?.code ?? null,
    tax,
  };
}

class IdempotentReplay extends Error {}

/** Takes `quantity` from one ticket type, or says exactly why not. */
async function takeStock(tx: DbExecutor, line: Line, now: Date): Promise<void> {
  const take = () => takeTicketStock(tx, line);
  if (await take()) return;
  // Holds that ran out still count against stock until swept: sweep this type and try again.
  if ((await expireHolds(tx, now, { ticketTypeIds: [line.ticketTypeId] })).length && (await take()))
    return;
  const remaining = await findRemaining(tx, { ticketTypeId: line.ticketTypeId });
  throw shortage(line.ticketTypeId, remaining ?? 0);
}

const shortage = stockShortage;

/**
 * A cheap early "sold out" from the stock just read, after sweeping expired holds, so a flash
 * sale's losing attempts never open a transaction. Only an early exit: the guarded UPDATE in
 * takeStock stays the authority.
 */
async function refuseShortages(
  db: DbExecutor,
  lines: Line[],
  types: Map<string, TypeRow>,
  now: Date,
) {
  const short = lines.filter((l) => (types.get(l.ticketTypeId)?.remaining ?? 0) < l.quantity);
  if (!short.length) return;
  await expireHolds(db, now, { ticketTypeIds: short.map((l) => l.ticketTypeId) });
  const fresh = await loadTypes(
    db,
    short.map((l) => l.ticketTypeId),
  );
  for (const line of short) {
    const left = fresh.get(line.ticketTypeId)?.remaining ?? 0;
    if (left < line.quantity) throw shortage(line.ticketTypeId, left);
  }
}

/** Enforces a type's per-person limit (free registration: one each unless allowed more). */
async function checkPerPerson(
  tx: DbExecutor,
  actor: AuthUser,
  lines: Line[],
  types: Map<string, TypeRow>,
) {
  for (const line of lines) {
    const type = must(types.get(line.ticketTypeId), 'ticket type');
    if (type.maxPerPerson === null) continue;
    // Serializes this person's orders for this type, so two tabs cannot both pass the check.
    await lockPersonTicketType(tx, { userId: actor.id, ticketTypeId: type.id });
    const count = await countHeldByPerson(tx, { userId: actor.id, ticketTypeId: type.id });
    if (must(count, 'count').held + line.quantity > type.maxPerPerson)
      throw type.priceCents === 0
        ? new AppError('CONFLICT', TICKET_MESSAGES.alreadyRegistered, {
            reason: TICKET_REASONS.alreadyRegistered,
          })
        : new AppError('CONFLICT', TICKET_MESSAGES.aboveMax(type.maxPerPerson));
  }
}

/**
 * Creates an order and holds its stock for HOLD_MINUTES (spec: never read-then-write; one
 * guarded UPDATE per ticket type). Free orders are fulfilled at once; paid ones get a checkout
 * with the payment provider. The same Idempotency-Key and body return the same order.
 */
export async function createOrder(
  deps: OrderDeps,
  params: (
    | { input: OrderInput; checked?: false }
    /** The route's body, already checked against OrderInputSchema: not parsed again. */
    | { input: z.output<typeof OrderInputSchema>; checked: true }
  ) & {
    actor: AuthUser;
    idempotencyKey?: string;
    /** Skip the database's hold function: the differential test compares the two paths. */
    generalPathOnly?: boolean;
    /**
     * Stock already set aside for this buyer (a waiting-list offer): called in the order's
     * transaction instead of taking stock from the shelf, it moves that stock to the order.
     */
    heldStock?: (tx: DbExecutor, orderId: string) => Promise<void>;
    /** The seat checkout took these lines' seats first: types sold by seat are allowed. */
    seated?: boolean;
    /** Those seats: the quick hold writes the order into their rows (`attached`). */
    seats?: SeatClaim;
    /**
     * Sends the quick hold this way (the seat checkout claims its seats in the same statement):
     * such an order must take the quick path first.
     */
    holdWith?: (request: HoldRequest) => Promise<HoldResult>;
  },
): Promise<Order> {
  const { actor, idempotencyKey: key } = params;
  const input = params.checked ? params.input : OrderInputSchema.parse(params.input);
  const merged = mergeLines(input.items);
  const requestHash = hashRequest(merged, input.discountCode, input.unlockCode);
  const now = deps.clock.now();
  const quick = !input.discountCode && !params.generalPathOnly && !params.heldStock;
  // A type already seen sold out is asked about before the answers are checked (decision 071).
  if (quick && input.answers && !input.billingDetails)
    await refuseIfStillSoldOut(deps, { actor, lines: merged, requestHash, now });
  // Answers are checked before anything is held: a refused answer holds no stock.
  const answers = await checkOrderAnswers(deps, { lines: merged, answers: input.answers });
  // The common order (paid, no discount code) in one round trip; anything else, or any doubt,
  // goes the general way below, which words every refusal.
  // Company details are checked (and required where the event asks) before anything is held.
  // Without details, the event's settings are not read here: the hold function sends an order
  // for an event that requires them to the general path, which refuses it naming the field.
  const checkBilling = () =>
    prepareBillingDetails(deps.db, {
      ticketTypeIds: input.items.map((item) => item.ticketTypeId),
      input: input.billingDetails,
    });
  const billing = input.billingDetails ? await checkBilling() : null;
  if (quick && !billing) {
    const held = await quickHold(deps, {
      actor,
      lines: merged,
      key,
      requestHash,
      now,
      seated: params.seated === true,
      answers,
      ...(params.seats ? { seats: params.seats } : {}),
      ...(params.holdWith ? { holdWith: params.holdWith } : {}),
    });
    if (held) return held;
  } else if (params.holdWith) throw new Error('an order sent with its own hold must be quick');
  // Refuses, naming the field, when an event requires the details nobody sent.
  if (!input.billingDetails) await checkBilling();
  if (key) {
    const existing = await replay(deps, actor, key, requestHash);
    if (existing) return keepOrderAnswers(deps, existing, answers, now);
  }
  const { lines, types, discount, access, priced, currency } = await prepare(deps.db, input, now);
  if (!params.seated) await refuseSeatedTypes(deps.db, lines, 'body.items');
  if (!params.heldStock) await refuseShortages(deps.db, lines, types, now);
  const isFree = priced.totalCents === 0;
  const reservedUntil = new Date(now.getTime() + HOLD_MINUTES * 60_000);

  let order: OrderRow;
  let items: Awaited<ReturnType<typeof insertOrderItems>>;
  try {
    ({ order, items } = await deps.db.transaction(async (tx) => {
      // A hold is soft state until paid: committing it without waiting for the WAL flush
      // releases the contended stock row sooner. A crash can lose only a just-made hold, whole
      // (order and stock together; PostgreSQL keeps asynchronous commits consistent).
      // Paid orders are settled by the webhook with the default, durable commit.
      if (!isFree) await commitWithoutWaitingForFlush(tx);
      await checkPerPerson(tx, actor, lines, types);
      const created = await insertTicketOrder(tx, {
        userId: actor.id,
        currency,
        subtotalCents: priced.subtotalCents,
        discountCents: priced.discountCents,
        totalCents: priced.totalCents,
        discountCodeId: discount?.id ?? null,
        discountCode: discount?.code ?? null,
        reservedUntil,
        idempotencyKey: key ?? null,
        requestHash,
        createdAt: now,
        updatedAt: now,
      });
      // Another request with this key committed first.
      if (!created) throw new IdempotentReplay();
      if (billing)
        await saveOrderBillingDetails(tx, { orderId: created.id, details: billing, now });
      const createdItems = await insertOrderItems(
        tx,
        priced.lines.map((line) => ({
          orderId: created.id,
          eventId: line.eventId,
          ticketTypeId: line.ticketTypeId,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          discountCents: line.discountCents,
        })),
      );
      // The lines' tax from their rates, written in this transaction; tax-exclusive prices
      // raise the total the buyer is charged (decision 058).
      const taxed = await applyOrderTax(tx, { orderId: created.id });
      if (discount) {
        if (!(await useDiscountCode(tx, { id: discount.id })))
          throw fieldError('body.discountCode', TICKET_MESSAGES.codeUsedUp);
      }
      if (access) await recordAccessCodeUse(tx, { access, orderId: created.id, now });
      // Stock last: the contended rows stay locked only for these updates and the commit.
      if (params.heldStock) await params.heldStock(tx, created.id);
      else {
        for (const line of lines) await takeStock(tx, line, now);
        await takePoolStockOrRefuse(tx, lines, now);
      }
      await saveOrderAnswers(tx, { orderId: created.id, rows: answers, now });
      if (isFree)
        await fulfilOrder(tx, { orderId: created.id, buyerId: actor.id, paymentRef: null, now });
      return { order: taxed ? { ...created, ...taxed } : created, items: createdItems };
    }));
  } catch (error) {
    if (error instanceof IdempotentReplay && key)
      return must(await replay(deps, actor, key, requestHash), 'replayed order');
    throw error;
  }

  if (isFree) {
    await deps.onFulfilled?.(order.id);
    return getOrder(deps, { id: order.id, actor });
  }
  const titled = items.map((item) => {
    const type = must(types.get(item.ticketTypeId), 'ticket type');
    return { ...item, eventTitle: type.eventTitle, ticketTypeName: type.name, kind: type.kind };
  });
  const checkout = await startCheckout(deps, { order, items: titled, actor });
  return presentOrder(
    { ...order, ...checkout },
    {
      buyer: { id: actor.id, name: actor.fullName, email: actor.email },
      items: titled,
      tickets: [],
    },
  );
}

/** The buyer gives up a pending order: its hold goes back on sale at once. */
export async function cancelOrder(
  deps: Pick<OrderDeps, 'db' | 'clock'>,
  params: { id: string; actor: AuthUser },
) {
  const own = await findOwnOrderStatus(deps.db, { id: params.id, userId: params.actor.id });
  if (!own) throw new AppError('NOT_FOUND', msg`Order not found`);
  if (!(await cancelPendingOrder(deps.db, own.id, deps.clock.now())))
    throw new AppError('CONFLICT', TICKET_MESSAGES.orderNotPending);
  return getOrder(deps, params);
}
