import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Seat } from '../../../contracts/seat-layout';
import type { EventSeating, SeatMove } from '../../../contracts/seating';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { apiPost, errorMessage } from '../../lib/api-client';
import { eventSeatingQuery, seatingKeys } from './api';
import { eventTicketsPath } from './paths';
import { SeatLists } from './seat-lists';
import { SeatMap } from './seat-map';
import { useSeatStates } from './seat-states';
import { useLiveSeats } from './use-live-seats';

/**
 * Seat exchange (decision 090): the organizer moves a sold ticket to another free seat of its
 * category, picked on the live map or from the lists; the ticket, its PDF and wallet pass then
 * show the new seat.
 */
export function SeatMovePage() {
  const { eventId = '', ticketId = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useLingui();
  const live = useLiveSeats(eventId);
  const query = useQuery({
    ...eventSeatingQuery(eventId),
    refetchInterval: live ? false : 10_000,
  });
  if (query.isPending) return <PageSpinner />;
  return (
    <PageBody>
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <Link
            to={eventTicketsPath(eventId)}
            className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            <Trans>Back to the attendees</Trans>
          </Link>
          <h1 className="text-3xl font-extrabold tracking-tight">
            <Trans>Move a seat</Trans>
          </h1>
        </header>
        {query.isError ? (
          <LoadFailed
            title={t`The seat map could not be loaded`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : query.data ? (
          <SeatMove
            seating={query.data}
            ticketId={ticketId}
            initialSeat={search.get('seat') ?? ''}
          />
        ) : (
          <p className="py-16 text-center text-muted-foreground">
            <Trans>This event is not sold by seat.</Trans>
          </p>
        )}
      </div>
    </PageBody>
  );
}

function SeatMove({
  seating,
  ticketId,
  initialSeat,
}: {
  seating: EventSeating;
  ticketId: string;
  initialSeat: string;
}) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [current, setCurrent] = useState(initialSeat);
  const [target, setTarget] = useState<string | null>(null);
  // Only free seats of the ticket's category can take it.
  const states = useSeatStates(seating, target ? [target] : [], (seat: Seat) => {
    const from = states.byId.get(current);
    return !from || seat.categoryId === from.categoryId;
  });
  const move = useMutation({
    mutationFn: (seatId: string) =>
      apiPost<SeatMove>(`/api/events/${encodeURIComponent(seating.eventId)}/seat-moves`, {
        ticketId,
        seatId,
      }),
    onSuccess: (moved) => {
      setCurrent(moved.seatId);
      setTarget(null);
    },
    onSettled: () =>
      void client.invalidateQueries({ queryKey: seatingKeys.event(seating.eventId) }),
  });
  const category = seating.plan.categories.find(
    (c) => c.id === states.byId.get(current)?.categoryId,
  );
  const toggle = (seat: Seat) => {
    move.reset();
    setTarget((now) => (now === seat.id ? null : seat.id));
  };
  return (
    <div className="flex flex-col gap-6">
      <p>
        {category ? (
          <Trans>
            Current seat: <strong>{current}</strong> ({category.name}). Choose a free seat of the
            same category.
          </Trans>
        ) : (
          <Trans>
            Current seat: <strong>{current}</strong>
          </Trans>
        )}
      </p>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
        <SeatMap
          plan={seating.plan}
          seats={states.seats}
          viewOf={states.stateOf}
          selected={target ? [target] : []}
          onSeat={toggle}
        />
        <SeatLists
          seats={states.seats}
          seating={seating}
          stateOf={states.stateOf}
          onToggle={toggle}
        />
      </div>
      <section
        aria-live="polite"
        className="flex flex-col gap-3 rounded-lg border border-border p-4"
      >
        {move.isSuccess ? (
          <Alert variant="success" role="status">
            <Trans>
              The ticket now has seat {move.data.seatId} (it had {move.data.previousSeatId}).
            </Trans>
          </Alert>
        ) : null}
        {move.isError ? (
          <Alert variant="destructive" role="alert">
            {errorMessage(move.error, t`The seat could not be moved. Please try again.`)}
          </Alert>
        ) : null}
        <Button
          className="self-start"
          disabled={!target || move.isPending}
          onClick={() => target && move.mutate(target)}
        >
          {target ? t`Move to seat ${target}` : t`Choose the new seat`}
        </Button>
      </section>
    </div>
  );
}
