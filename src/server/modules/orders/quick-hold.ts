import { HOLD_MINUTES, TICKET_MESSAGES, type Order } from '../../../contracts/tickets';
import type { AnswerRow } from '../../../contracts/questions';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { localSessionFor, openCheckout, returnUrls } from './checkout-session';
import { holdBatcherFor } from './hold-batcher';
import { cancelPendingOrder } from './holds.queries';
import { keepOrderAnswers } from './order-answers';
import { getOrder, type OrderDeps } from './order-deps';
import {
  findOrderByIdempotencyKey,
  type HoldRequest,
  type HoldResult,
  type OrderRow,
} from './orders.queries';
import { presentOrder, type PresentableItem } from './orders.presenter';
import { poolShortage, stockShortage } from './pool-holds';

// The common order (paid, no discount code) held by the database's batched hold function in one
// round trip (decision 006), its answers written in the same statement (decision 071), and the
// provider's checkout opened for it. orders.service decides when this path is tried.

interface Line {
  ticketTypeId: string;
  quantity: number;
}

/** Seats a seat checkout claimed for the order it is creating (decision 091). */
export interface SeatClaim {
  eventId: string;
  seatIds: string[];
  /** Set once the hold wrote the order into the seats' rows; else the caller ties them. */
  attached?: boolean;
}

/** The order an Idempotency-Key already made, or null; another body with the key is refused. */
export async function replay(deps: OrderDeps, actor: AuthUser, key: string, requestHash: string) {
  const existing = await findOrderByIdempotencyKey(deps.db, { userId: actor.id, key });
  if (!existing) return null;
  if (existing.requestHash !== requestHash)
    throw new AppError('UNPROCESSABLE', TICKET_MESSAGES.idempotencyMismatch);
  return getOrder(deps, { id: existing.id, actor });
}

/**
 * The refusal of a short hold, in the general path's words; null when due holds of these types
 * could give stock back (the general path sweeps them and tries again).
 */
async function shortageOf(
  deps: OrderDeps,
  held: Extract<HoldResult, { status: 'short' }>,
  lines: Line[],
): Promise<AppError | null> {
  if (held.expirable) return null;
  if (held.pool)
    return poolShortage(deps.db, {
      poolId: held.pool.poolId,
      left: held.pool.remaining,
      lines,
    });
  const first = must(held.lines[0], 'short line');
  return stockShortage(first.ticketTypeId, first.remaining);
}

const answerTuples = (rows: AnswerRow[]): NonNullable<HoldRequest['answers']> =>
  rows.map((row) => [row.questionId, row.ticketTypeId, row.ordinal, row.value]);

/**
 * Before a buyer's answers are checked: when this process last saw one of the order's types
 * sold out, ask the hold function (in the next batch, taking nothing) whether that is still so,
 * and refuse at once if it is. A sold-out refusal then costs the same with or without checkout
 * questions; anything else (stock came back, the general path must decide) carries on as usual.
 */
export async function refuseIfStillSoldOut(
  deps: OrderDeps,
  params: { actor: AuthUser; lines: Line[]; requestHash: string; now: Date },
): Promise<void> {
  const batcher = holdBatcherFor(deps.db, deps.payments.name);
  if (!batcher.lastSeenShort(params.lines)) return;
  const { now } = params;
  const held = await batcher.hold({
    userId: params.actor.id,
    lines: params.lines,
    idempotencyKey: null,
    requestHash: params.requestHash,
    now,
    reservedUntil: new Date(now.getTime() + HOLD_MINUTES * 60_000),
    session: null,
    probe: true,
  });
  if (held.status !== 'short') return;
  const refusal = await shortageOf(deps, held, params.lines);
  if (refusal) throw refusal;
}

/**
 * The hold of `order_hold_batch` (db/functions), batched with the holds arriving alongside:
 * paid lines without discount code, per-person limit or unlock code. With the local provider
 * its checkout session is written in the same statement, and the buyer's checked answers too.
 * Null: the general path decides.
 */
export async function quickHold(
  deps: OrderDeps,
  params: {
    actor: AuthUser;
    lines: Line[];
    key?: string;
    requestHash: string;
    now: Date;
    seated: boolean;
    answers: AnswerRow[];
    /** Claimed seats to tie to the order; `attached` is set when the hold did. */
    seats?: SeatClaim;
    /** Sends the hold instead of the hold batcher (the seat checkout's claim and hold in one). */
    holdWith?: (request: HoldRequest) => Promise<HoldResult>;
  },
): Promise<Order | null> {
  const { actor, key, requestHash, now } = params;
  const reservedUntil = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const session = deps.payments.name === 'local' ? localSessionFor(deps.config.PUBLIC_URL) : null;
  const request: HoldRequest = {
    userId: actor.id,
    lines: params.lines,
    seated: params.seated,
    idempotencyKey: key ?? null,
    requestHash,
    now,
    reservedUntil,
    session,
    ...(params.answers.length ? { answers: answerTuples(params.answers) } : {}),
    ...(params.seats
      ? { seats: { eventId: params.seats.eventId, seatIds: params.seats.seatIds } }
      : {}),
  };
  const held = params.holdWith
    ? await params.holdWith(request)
    : await holdBatcherFor(deps.db, deps.payments.name).hold(request);
  switch (held.status) {
    case 'slow':
    case 'fits':
      return null;
    case 'replay': {
      // A checkout retried after a failed payment: the answers sent again replace the stored.
      const existing = key ? await replay(deps, actor, key, requestHash) : null;
      return existing && keepOrderAnswers(deps, existing, params.answers, now);
    }
    case 'short': {
      // Holds that ran out still count against stock until swept: when some are due, let the
      // general path sweep and try again; otherwise say what is left.
      const refusal = await shortageOf(deps, held, params.lines);
      if (refusal) throw refusal;
      return null;
    }
    case 'created':
      if (params.seats) params.seats.attached = true;
      break;
  }
  const order: OrderRow = {
    id: held.orderId,
    userId: actor.id,
    kind: 'tickets',
    status: 'pending',
    currency: held.currency,
    subtotalCents: held.subtotalCents,
    discountCents: 0,
    totalCents: held.subtotalCents,
    refundedCents: 0,
    discountCodeId: null,
    discountCode: null,
    reservedUntil,
    eventId: null,
    provider: deps.payments.name,
    paymentSessionId: session?.id ?? null,
    checkoutUrl: session?.url ?? null,
    paymentRef: null,
    idempotencyKey: key ?? null,
    requestHash,
    metadata: {},
    // Only tax-inclusive lines take this path: the tax (written by the hold function on the
    // lines and the order) never changes the total, and the presented order does not show it.
    taxCents: 0,
    pricesIncludeTax: true,
    reverseCharge: false,
    createdAt: now,
    paidAt: null,
    updatedAt: now,
  };
  // order_hold_batch takes admission lines only: products go the general path.
  const items = held.items.map((item) => ({
    ...item,
    kind: 'admission' as const,
    discountCents: 0,
  }));
  const checkout = session ? {} : await startCheckout(deps, { order, items, actor });
  return presentOrder(
    { ...order, ...checkout },
    { buyer: { id: actor.id, name: actor.fullName, email: actor.email }, items, tickets: [] },
  );
}

/** Opens the provider's checkout for a pending order; on failure the hold is given back. */
export async function startCheckout(
  deps: OrderDeps,
  params: {
    order: OrderRow;
    items: PresentableItem[];
    actor: AuthUser;
  },
) {
  const { order, items } = params;
  const eventIds = [...new Set(items.map((i) => i.eventId))];
  try {
    return await openCheckout(deps, {
      orderId: order.id,
      currency: order.currency,
      amountCents: order.totalCents,
      description: [...new Set(items.map((i) => i.eventTitle))].join(', '),
      lines: items.map((item) => ({
        label: `${item.eventTitle} · ${item.ticketTypeName}`,
        // A discounted line is shown at its average unit price; the total is exact.
        unitAmountCents: Math.round(
          (item.unitPriceCents * item.quantity - item.discountCents) / item.quantity,
        ),
        quantity: item.quantity,
      })),
      customerEmail: params.actor.email,
      ...returnUrls(deps.config.PUBLIC_URL, eventIds.length === 1 ? eventIds[0] : undefined),
      holdUntil: must(order.reservedUntil, 'hold'),
    });
  } catch (error) {
    await cancelPendingOrder(deps.db, order.id, deps.clock.now());
    if (error instanceof AppError) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', TICKET_MESSAGES.checkoutFailed);
  }
}
