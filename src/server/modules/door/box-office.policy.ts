import type { BoxOfficeMethod } from '../../../contracts/box-office';

// What a box-office sale may be (decision 070). The door sells while the event has not ended,
// whatever the online sales window says (guests arriving late still buy at the door), hidden
// types too (the staff see every type); stock is the same as online, taken by the orders engine.

export interface SaleType {
  id: string;
  eventId: string;
  priceCents: number;
  kind: 'admission' | 'product';
}

export interface SaleEvent {
  id: string;
  status: string;
  startsAt: Date;
  endsAt: Date | null;
}

export type SaleProblem =
  | { field: string; reason: 'not_this_event' }
  | { field: string; reason: 'event_unavailable' }
  | { field: string; reason: 'card_needs_amount' }
  | { field: string; reason: 'tendered_too_little' }
  | { field: string; reason: 'tendered_not_cash' };

export interface SaleLine {
  ticketTypeId: string;
  quantity: number;
}

/** The first thing wrong with the sale's lines, or null. */
export function lineProblem(
  event: SaleEvent,
  lines: readonly SaleLine[],
  types: ReadonlyMap<string, SaleType>,
  now: Date,
): SaleProblem | null {
  if (event.status !== 'published' || (event.endsAt ?? event.startsAt) <= now)
    return { field: 'items', reason: 'event_unavailable' };
  for (const [index, line] of lines.entries()) {
    const type = types.get(line.ticketTypeId);
    if (!type || type.eventId !== event.id)
      return { field: `items.${index}.ticketTypeId`, reason: 'not_this_event' };
  }
  return null;
}

/**
 * How the payment settles: cash records what was handed over and the change (none given: the
 * exact amount); a card payment needs something to charge; only cash is tendered.
 */
export function settlePayment(
  method: BoxOfficeMethod,
  totalCents: number,
  tenderedCents: number | undefined,
):
  | { ok: true; tenderedCents: number | null; changeCents: number | null }
  | { ok: false; problem: SaleProblem } {
  if (method !== 'cash' && tenderedCents !== undefined)
    return { ok: false, problem: { field: 'tenderedCents', reason: 'tendered_not_cash' } };
  if (method === 'card' && totalCents === 0)
    return { ok: false, problem: { field: 'method', reason: 'card_needs_amount' } };
  if (method !== 'cash') return { ok: true, tenderedCents: null, changeCents: null };
  const tendered = tenderedCents ?? totalCents;
  if (tendered < totalCents)
    return { ok: false, problem: { field: 'tenderedCents', reason: 'tendered_too_little' } };
  return { ok: true, tenderedCents: tendered, changeCents: tendered - totalCents };
}

/** A sale is paid at once unless a card payment is still to be taken. */
export const paidAtOnce = (method: BoxOfficeMethod) => method !== 'card';

/** The organizer and admins see every seller's shift; a seller sees their own. */
export const seesEveryShift = (params: { isOwner: boolean; isAdmin: boolean }) =>
  params.isOwner || params.isAdmin;
