// The rules of who gets returned tickets, as pure functions (decision 054).

export interface InLine {
  id: string;
  /** Tickets the person asked for. */
  quantity: number;
}

export interface PlannedOffer {
  id: string;
  quantity: number;
}

/**
 * Walks the line from the front and offers what is free: each place gets what it asked for,
 * or all that is left when that is less but still at least the type's minimum per order. The
 * walk stops at the first place it cannot serve, so nobody behind it is served first (never
 * skip anyone); the stock left waits, set aside for the list, until more returns.
 */
export function planOffers(line: InLine[], available: number, minPerOrder: number): PlannedOffer[] {
  const least = Math.max(1, minPerOrder);
  const offers: PlannedOffer[] = [];
  let left = available;
  for (const place of line) {
    if (left < least) break;
    const quantity = Math.min(place.quantity, left);
    if (quantity < least) break;
    offers.push({ id: place.id, quantity });
    left -= quantity;
  }
  return offers;
}

/** How long an offer holds its tickets, from the event's setting in hours. */
export const offerDeadline = (now: Date, offerHours: number) =>
  new Date(now.getTime() + offerHours * 3_600_000);

/**
 * Whether a buyer outside the list is shown "Join waiting list" instead of the tickets: the type
 * is sold out, or people are waiting (stock that returns is theirs first).
 */
export const isListOpen = (type: { remaining: number }, waiting: number) =>
  type.remaining <= 0 || waiting > 0;
