import { useCallback, useEffect, useMemo } from 'react';
import { expandPlan, isBlocked, type Seat } from '../../../contracts/seat-layout';
import type { EventSeating } from '../../../contracts/seating';
import type { SeatView } from './seat-view';

const anySeat = () => true;

/**
 * The event's seats (expanded once per plan) and how each looks with these seats chosen.
 * `stateOf` stays the same function while the seats' states do, so the map repaints its 20,000
 * seats only when one of them changed, not on every render of the page around it.
 */
export function useSeatStates(
  seating: EventSeating,
  chosen: readonly string[],
  /** Seats that may be chosen besides being free (say, only one category's). */
  choosable: (seat: Seat) => boolean = anySeat,
) {
  const seats = useMemo(() => expandPlan(seating.plan), [seating.plan]);
  const byId = useMemo(() => new Map(seats.map((s) => [s.id, s])), [seats]);
  const held = useMemo(() => new Set(seating.held), [seating.held]);
  const sold = useMemo(() => new Set(seating.sold), [seating.sold]);
  const prices = useMemo(
    () => new Map(seating.categories.map((c) => [c.id, c])),
    [seating.categories],
  );
  const stateOf = useCallback(
    (seat: Seat): SeatView =>
      chosen.includes(seat.id)
        ? 'selected'
        : sold.has(seat.id)
          ? 'sold'
          : held.has(seat.id)
            ? 'held'
            : isBlocked(seat) || !prices.has(seat.categoryId) || !choosable(seat)
              ? 'blocked'
              : 'available',
    [chosen, sold, held, prices, choosable],
  );
  const totalCents = chosen.reduce(
    (sum, id) => sum + (prices.get(byId.get(id)?.categoryId ?? '')?.priceCents ?? 0),
    0,
  );
  return { seats, byId, held, sold, prices, stateOf, totalCents };
}

/** Calls `onLost` with the first chosen seat someone else has taken meanwhile (live map). */
export function useLostSeat(
  chosen: readonly string[],
  taken: { held: ReadonlySet<string>; sold: ReadonlySet<string> },
  onLost: (seatId: string) => void,
  paused = false,
) {
  const { held, sold } = taken;
  useEffect(() => {
    if (paused) return;
    const lost = chosen.find((id) => held.has(id) || sold.has(id));
    if (lost) onLost(lost);
  }, [chosen, held, sold, paused, onLost]);
}
