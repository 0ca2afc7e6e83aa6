import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useLayoutEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Seat } from '../../../contracts/seat-layout';
import { SEATS_PER_ORDER_MAX } from '../../../contracts/seat-limits';
import type { EventSeating } from '../../../contracts/seating';
import { pageDataFor } from '../../app/server-head';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
import { bestSeats, eventSeatingQuery, useBuySeats } from './api';
import { firstViewChoice } from './first-view-seats';
import { SeatMap } from './seat-map';
import { useLostSeat, useSeatStates } from './seat-states';
import { SeatLists } from './seat-lists';
import { useLiveSeats } from './use-live-seats';

/** How often the map re-reads which seats others have taken while the live socket is down. */
const REFRESH_MS = 10_000;

/** The buyer's seat choice: the map, the same seats as lists, best available, and checkout. */
export function SeatPickerPage() {
  const { eventId = '' } = useParams();
  const { t } = useLingui();
  const live = useLiveSeats(eventId);
  // The server wrote a public event's seating into the page (its first view's map paints from
  // it): the map renders at once, and the answer is still asked for in the background.
  const [seed] = useState(() => pageDataFor(`/event/${eventId}/seats`, 'seats'));
  const query = useQuery({
    ...eventSeatingQuery(eventId),
    ...(seed ? { initialData: seed.seating } : {}),
    refetchInterval: live ? false : REFRESH_MS,
  });
  if (query.isPending) return <PageSpinner />;
  return (
    <PageBody>
      {query.isError ? (
        <LoadFailed
          title={t`The seat map could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <SeatPicker seating={query.data} />
      ) : (
        <p className="py-16 text-center text-muted-foreground">
          <Trans>This event is not sold by seat.</Trans>
        </p>
      )}
    </PageBody>
  );
}

function SeatPicker({ seating }: { seating: EventSeating }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<string[]>([]);
  // Seats chosen on the first view's map before the app had loaded stay chosen. Read as the page
  // commits, with the copy still there (it goes in the same commit), so no click is lost; a seat
  // someone took meanwhile leaves the choice with its message, as on the live map.
  useLayoutEffect(() => {
    const early = firstViewChoice();
    if (early.length) setChosen(early);
  }, []);
  const [problem, setProblem] = useState<string | null>(null);
  const buy = useBuySeats(seating.eventId);
  const states = useSeatStates(seating, chosen);
  const { seats, byId, prices, stateOf } = states;
  // A seat someone else takes while it is chosen here leaves the choice, and the buyer is told.
  // Not while this buyer's own checkout holds them.
  const buying = buy.isPending || buy.isSuccess;
  useLostSeat(
    chosen,
    states,
    useCallback(
      (lost: string) => {
        setChosen((current) =>
          current.filter((id) => !states.held.has(id) && !states.sold.has(id)),
        );
        setProblem(t`Seat ${lost} was just taken by someone else.`);
      },
      [states.held, states.sold, t],
    ),
    buying,
  );
  const toggle = (seat: Seat) => {
    setProblem(null);
    setChosen((current) =>
      current.includes(seat.id)
        ? current.filter((id) => id !== seat.id)
        : current.length >= SEATS_PER_ORDER_MAX
          ? current
          : [...current, seat.id],
    );
  };
  const total = states.totalCents;
  const currency = seating.categories[0]?.currency ?? 'USD';

  const checkout = () => {
    setProblem(null);
    buy.mutate(chosen, {
      onSuccess: ({ order }) => {
        if (order.checkoutUrl) window.location.assign(order.checkoutUrl);
        else window.location.assign(paths.receipt(order.id));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401)
          setProblem(t`Please sign in to buy seats.`);
        else setProblem(errorMessage(error, t`The seats could not be held. Please try again.`));
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <Link
          to={paths.event(seating.eventId)}
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>Back to the event</Trans>
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight">
          <Trans>Choose your seats</Trans>
        </h1>
      </header>
      <Legend seating={seating} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
        <SeatMap
          plan={seating.plan}
          seats={seats}
          viewOf={stateOf}
          selected={chosen}
          onSeat={toggle}
        />
        <div className="flex flex-col gap-4">
          <BestAvailable
            seating={seating}
            onFound={(ids) => {
              setProblem(null);
              setChosen(ids);
            }}
          />
          <SeatLists seats={seats} seating={seating} stateOf={stateOf} onToggle={toggle} />
        </div>
      </div>
      <section
        aria-labelledby="chosen-title"
        className="flex flex-col gap-3 rounded-lg border border-border p-4"
      >
        <h2 id="chosen-title" className="text-lg font-bold">
          <Trans>Your seats</Trans>
        </h2>
        {chosen.length ? (
          <ul className="flex flex-col gap-1" aria-live="polite">
            {chosen.map((id) => {
              const seat = byId.get(id);
              const price = prices.get(seat?.categoryId ?? '');
              return (
                <li key={id} className="flex items-center justify-between gap-2">
                  <span>
                    {id} · {price?.ticketTypeName}{' '}
                    {price ? formatPrice(price.priceCents, price.currency) : null}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => seat && toggle(seat)}
                    aria-label={t`Remove seat ${id}`}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-muted-foreground">
            <Trans>No seats chosen yet.</Trans>
          </p>
        )}
        {problem ? (
          <Alert variant="destructive" role="alert">
            {problem}{' '}
            {buy.error instanceof ApiError && buy.error.status === 401 ? (
              <Link to={paths.login()} className="font-medium underline">
                <Trans>Sign in</Trans>
              </Link>
            ) : null}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-lg font-semibold tabular-nums">
            <Trans>Total: {formatPrice(total, currency)}</Trans>
          </span>
          <Button disabled={!chosen.length || buy.isPending} onClick={checkout}>
            <Plural value={chosen.length} one="Buy # seat" other="Buy # seats" />
          </Button>
        </div>
      </section>
    </div>
  );
}

function Legend({ seating }: { seating: EventSeating }) {
  const { t } = useLingui();
  const prices = new Map(seating.categories.map((c) => [c.id, c]));
  return (
    <ul aria-label={t`Seat categories`} className="flex flex-wrap gap-4 text-sm">
      {seating.plan.categories.map((category) => {
        const price = prices.get(category.id);
        return (
          <li key={category.id} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="inline-block size-4 rounded-full"
              style={{ backgroundColor: category.color }}
            />
            {category.name}
            {price ? ` · ${formatPrice(price.priceCents, price.currency)}` : null}
          </li>
        );
      })}
      <li className="flex items-center gap-2">
        <span aria-hidden="true" className="inline-block size-4 rounded-full bg-[#c4c4c4]" />
        <Trans>Taken</Trans>
      </li>
      <li className="flex items-center gap-2">
        <span aria-hidden="true">♿</span>
        <Trans>Wheelchair space</Trans>
      </li>
    </ul>
  );
}

function BestAvailable({
  seating,
  onFound,
}: {
  seating: EventSeating;
  onFound: (seatIds: string[]) => void;
}) {
  const { t } = useLingui();
  const [category, setCategory] = useState(seating.categories[0]?.id ?? '');
  const [quantity, setQuantity] = useState(2);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = new Map(seating.plan.categories.map((c) => [c.id, c.name]));
  const find = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const best = await bestSeats(seating.eventId, category, quantity);
      onFound(best.seatIds);
      if (!best.together)
        setProblem(t`No row has that many free seats side by side: these seats are apart.`);
    } catch (error) {
      setProblem(errorMessage(error, t`No seats could be found. Please try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="best-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="best-title" className="font-bold">
        <Trans>Best available</Trans>
      </h2>
      <Field id="best-category" label={t`Category`}>
        <Select id="best-category" value={category} onChange={(e) => setCategory(e.target.value)}>
          {seating.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {names.get(c.id) ?? c.ticketTypeName} · {formatPrice(c.priceCents, c.currency)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="best-quantity" label={t`Number of seats`}>
        <Input
          id="best-quantity"
          type="number"
          min={1}
          max={SEATS_PER_ORDER_MAX}
          value={quantity}
          onChange={(e) =>
            setQuantity(Math.min(SEATS_PER_ORDER_MAX, Math.max(1, Number(e.target.value) || 1)))
          }
        />
      </Field>
      <Button variant="secondary" disabled={busy || !category} onClick={() => void find()}>
        <Trans>Find the best seats</Trans>
      </Button>
      {problem ? <p className="text-sm text-muted-foreground">{problem}</p> : null}
    </section>
  );
}
