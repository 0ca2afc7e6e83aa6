import { useQuery } from '@tanstack/react-query';
import { LockOpen, ShoppingCart, Ticket } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TicketType } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
import { eventQuery } from '../events';
import { ticketTypesQuery } from './api';
import { addLines, readCart, writeCart } from './cart-storage';
import { AvailabilityBadge } from './components/availability-badge';
import { QuantityStepper } from './components/quantity-stepper';
import { useCart } from './use-cart';
import { useCheckout } from './use-checkout';
import { formatDateTime } from '../../lib/dates';

/** The most of a type one order may take now: its per-order maximum within what is left. */
export function maxSelectable(type: TicketType): number {
  if (type.availability !== 'on_sale') return 0;
  return Math.max(0, Math.min(type.maxPerOrder, type.remaining));
}

/**
 * A quantity change that respects the per-order minimum: stepping up from 0 jumps to the minimum,
 * stepping below it goes back to 0.
 */
export function nextQuantity(type: TicketType, previous: number, wanted: number): number {
  const max = maxSelectable(type);
  if (wanted <= 0 || max === 0) return 0;
  if (wanted < type.minPerOrder) return wanted > previous ? Math.min(type.minPerOrder, max) : 0;
  return Math.min(wanted, max);
}

function remainingLabel(type: TicketType): string {
  if (type.availability === 'sold_out' || type.remaining <= 0) return 'Sold out';
  if (type.availability === 'not_started' && type.salesStart)
    return `Sales start ${formatDateTime(type.salesStart)}`;
  if (type.availability === 'ended') return 'Sales have ended';
  return `${type.remaining} left`;
}

/** spec §2 `/ticket?event_id=`: choose how many of each ticket type, then cart or buy now. */
export function TicketPicker({ eventId, access }: { eventId: string; access: string | null }) {
  const id = useId();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const event = useQuery(eventQuery(eventId, access));
  const types = useQuery(ticketTypesQuery(eventId, appliedCode, access));
  const { checkout, error, isPending } = useCheckout();
  const [cart] = useCart();
  const cartCount = cart.lines.reduce((sum, l) => sum + l.quantity, 0);

  if (event.isPending || (types.isPending && !types.data)) return <PageSpinner />;
  if (event.isError) {
    return (
      <LoadFailed
        title="Event unavailable"
        error={event.error}
        onRetry={() => void event.refetch()}
      />
    );
  }
  if (types.isError && !types.data) {
    return (
      <LoadFailed
        title="Tickets could not be loaded"
        error={types.error}
        onRetry={() => void types.refetch()}
      />
    );
  }
  const list = types.data?.ticketTypes ?? [];
  const hasLocked = Boolean(types.data?.hasLocked);
  const codeMissed = appliedCode !== null && !list.some((t) => t.unlocked);
  const lines = list
    .map((t) => ({ eventId, ticketTypeId: t.id, quantity: quantities[t.id] ?? 0 }))
    .filter((l) => l.quantity > 0);
  const total = list.reduce((sum, t) => sum + (quantities[t.id] ?? 0) * t.priceCents, 0);
  const currency = list[0]?.currency ?? 'USD';

  function requireLines(): boolean {
    if (lines.length) return true;
    setFormError('Please choose at least 1 ticket');
    return false;
  }

  function addToCart() {
    if (!requireLines()) return;
    writeCart(addLines(readCart(), lines, appliedCode));
    setQuantities({});
    toast.success('Added to your cart', {
      action: { label: 'View cart', onClick: () => void navigate(paths.cart()) },
    });
  }

  function buyNow() {
    if (!requireLines()) return;
    void checkout({
      items: lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity })),
      unlockCode: appliedCode,
    });
  }

  function unlock(e: FormEvent) {
    e.preventDefault();
    setAppliedCode(code.trim() || null);
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">Get tickets</h1>
        <p className="text-muted-foreground">
          <Link
            to={paths.event(eventId, access)}
            className="font-medium text-primary hover:underline"
          >
            {event.data.title}
          </Link>
        </p>
      </div>

      {hasLocked || appliedCode ? (
        <form
          onSubmit={unlock}
          className="flex flex-col gap-2 rounded-lg border border-border p-4"
          noValidate
        >
          <label htmlFor={`${id}-code`} className="text-sm font-medium">
            Have an access code? Enter it to see hidden tickets.
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-code`}
              value={code}
              autoComplete="off"
              aria-describedby={codeMissed ? `${id}-code-error` : undefined}
              aria-invalid={codeMissed}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" variant="outline" disabled={types.isFetching}>
              <LockOpen aria-hidden="true" className="size-4" />
              Unlock
            </Button>
          </div>
          {codeMissed ? (
            <p id={`${id}-code-error`} className="text-sm font-medium text-destructive">
              This code does not unlock any tickets.
            </p>
          ) : appliedCode ? (
            <p role="status" className="text-sm text-success">
              Hidden tickets unlocked.
            </p>
          ) : null}
        </form>
      ) : null}

      {list.length === 0 ? (
        <EmptyState icon={Ticket} title="No tickets on sale">
          <p className="text-muted-foreground">Check back later or contact the organizer.</p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Ticket types">
          {list.map((t) => {
            const max = maxSelectable(t);
            const value = quantities[t.id] ?? 0;
            return (
              <li
                key={t.id}
                className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-semibold">{t.name}</h2>
                    <AvailabilityBadge availability={t.availability} />
                    {t.unlocked ? (
                      <span className="text-xs font-medium text-success">Unlocked</span>
                    ) : null}
                  </div>
                  <p className="text-lg font-bold tabular-nums">
                    {formatPrice(t.priceCents, t.currency)}
                  </p>
                  {t.description ? (
                    <p className="text-sm text-muted-foreground">{t.description}</p>
                  ) : null}
                  <p className="text-xs text-muted-foreground">
                    {remainingLabel(t)}
                    {t.minPerOrder > 1 ? ` · at least ${t.minPerOrder} per order` : ''}
                    {` · at most ${t.maxPerOrder} per order`}
                  </p>
                </div>
                <QuantityStepper
                  id={`${id}-q-${t.id}`}
                  label={t.name}
                  value={value}
                  min={0}
                  max={max}
                  disabled={max === 0}
                  onChange={(n) => {
                    setFormError(null);
                    setQuantities((q) => ({ ...q, [t.id]: nextQuantity(t, value, n) }));
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}

      {formError || error ? <Alert variant="destructive">{formError ?? error}</Alert> : null}

      {list.length ? (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg" aria-live="polite">
            {lines.length ? (
              <>
                Total:{' '}
                <span className="font-bold tabular-nums">{formatPrice(total, currency)}</span>
              </>
            ) : (
              <span className="text-muted-foreground">Choose your tickets above</span>
            )}
          </p>
          {/* One primary action; the cart is for buying across events, so it stays secondary. */}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" onClick={addToCart} disabled={isPending}>
              <ShoppingCart aria-hidden="true" className="size-4" />
              Add to cart
            </Button>
            <Button onClick={buyNow} disabled={isPending} className="sm:min-w-32">
              {isPending ? 'Processing...' : 'Buy now'}
            </Button>
          </div>
        </div>
      ) : null}
      {cartCount ? (
        <Link
          to={paths.cart()}
          className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Your cart has {cartCount} {cartCount === 1 ? 'ticket' : 'tickets'}: view cart
        </Link>
      ) : null}
    </div>
  );
}
