import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Seat } from '../../../contracts/seat-layout';
import type { EventSeating } from '../../../contracts/seating';
import { Alert } from '../../components/ui/alert';
import { formatPrice } from '../../lib/money';
import { eventSeatingQuery } from './api';
import { SeatLists } from './seat-lists';
import { SeatMap } from './seat-map';
import { useLostSeat, useSeatStates } from './seat-states';
import { useLiveSeats } from './use-live-seats';

/** Seats one box-office sale may take (a group at the desk). */
const SALE_SEATS_MAX = 50;

export interface ChosenSeats {
  seatIds: string[];
  /** The seats as the sale's lines: one per category's ticket type (for its tax). */
  lines: { ticketTypeId: string; quantity: number }[];
  totalCents: number;
}

/**
 * The box office's seat choice for an event sold by seat (decision 090): the live map and the
 * same seats as lists; nothing for an event sold by count. The sale sends the chosen seats, and
 * their categories set the tickets and the price.
 */
export function BoxOfficeSeats({
  eventId,
  chosen,
  onChange,
}: {
  eventId: string;
  chosen: string[];
  onChange: (next: ChosenSeats) => void;
}) {
  const live = useLiveSeats(eventId);
  const query = useQuery({
    ...eventSeatingQuery(eventId),
    refetchInterval: live ? false : 10_000,
  });
  if (!query.data) return null;
  return <SeatChoice seating={query.data} chosen={chosen} onChange={onChange} />;
}

function SeatChoice({
  seating,
  chosen,
  onChange,
}: {
  seating: EventSeating;
  chosen: string[];
  onChange: (next: ChosenSeats) => void;
}) {
  const { t } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const states = useSeatStates(seating, chosen);
  const { byId, prices } = states;
  const total = useCallback(
    (ids: string[]) =>
      ids.reduce(
        (sum, id) => sum + (prices.get(byId.get(id)?.categoryId ?? '')?.priceCents ?? 0),
        0,
      ),
    [byId, prices],
  );
  const set = useCallback(
    (ids: string[]) => {
      const lines = new Map<string, number>();
      for (const id of ids) {
        const type = prices.get(byId.get(id)?.categoryId ?? '')?.ticketTypeId;
        if (type) lines.set(type, (lines.get(type) ?? 0) + 1);
      }
      onChange({
        seatIds: ids,
        lines: [...lines].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })),
        totalCents: total(ids),
      });
    },
    [onChange, total, byId, prices],
  );
  // The parent clears the choice after a sale: the total follows.
  useEffect(() => {
    if (!chosen.length) setProblem(null);
  }, [chosen.length]);
  useLostSeat(
    chosen,
    states,
    useCallback(
      (lost: string) => {
        set(chosen.filter((id) => id !== lost));
        setProblem(t`Seat ${lost} was just taken by someone else.`);
      },
      [chosen, set, t],
    ),
  );
  const toggle = (seat: Seat) => {
    setProblem(null);
    set(
      chosen.includes(seat.id)
        ? chosen.filter((id) => id !== seat.id)
        : chosen.length >= SALE_SEATS_MAX
          ? chosen
          : [...chosen, seat.id],
    );
  };
  return (
    <fieldset className="flex flex-col gap-3" data-testid="box-office-seats">
      <legend className="text-sm font-medium">
        <Trans>Seats (pick them on the map or from the lists)</Trans>
      </legend>
      <SeatMap
        plan={seating.plan}
        seats={states.seats}
        viewOf={states.stateOf}
        selected={chosen}
        onSeat={toggle}
      />
      <SeatLists
        seats={states.seats}
        seating={seating}
        stateOf={states.stateOf}
        onToggle={toggle}
      />
      <p aria-live="polite" className="text-sm">
        {chosen.length ? (
          <Trans>
            Chosen: {chosen.join(', ')} ·{' '}
            {formatPrice(total(chosen), seating.categories[0]?.currency ?? 'USD')}
          </Trans>
        ) : (
          <Trans>No seats chosen yet.</Trans>
        )}
      </p>
      {problem ? (
        <Alert variant="destructive" role="alert">
          {problem}
        </Alert>
      ) : null}
    </fieldset>
  );
}
