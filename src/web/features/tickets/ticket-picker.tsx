import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ShoppingCart, Ticket } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TicketType } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
import { eventQuery } from '../events';
import { AccessCodeForm } from '../access-codes';
import { ProductChoices, type ChosenProduct } from '../products';
import { ChooseSeatsLink, useSeatedTypeIds } from '../seating';
import { WaitlistJoin } from '../waitlist';
import { quoteQuery, ticketTypesQuery } from './api';
import { addLines, readCart, writeCart } from './cart-storage';
import { AvailabilityBadge } from './components/availability-badge';
import { QuantityStepper } from './components/quantity-stepper';
import { useCart } from './use-cart';
import { useCheckout } from './use-checkout';
import { CheckoutBillingForm, useCheckoutBilling } from '../billing-details';
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

function remainingLabel(type: TicketType, i18n: I18n): string {
  if (type.availability === 'sold_out' || type.remaining <= 0) return i18n._(msg`Sold out`);
  if (type.availability === 'not_started' && type.salesStart) {
    const salesStart = formatDateTime(type.salesStart);
    return i18n._(msg`Sales start ${salesStart}`);
  }
  if (type.availability === 'ended') return i18n._(msg`Sales have ended`);
  const remaining = type.remaining;
  return i18n._(msg`${plural(remaining, { one: '# left', other: '# left' })}`);
}

/** "12 left · at least 2 per order · at most 10 per order". */
function limitsLabel(type: TicketType, i18n: I18n): string {
  const { minPerOrder, maxPerOrder } = type;
  const parts = [remainingLabel(type, i18n)];
  if (minPerOrder > 1) parts.push(i18n._(msg`at least ${minPerOrder} per order`));
  parts.push(i18n._(msg`at most ${maxPerOrder} per order`));
  return parts.join(' · ');
}

/** The order lines of the picker's choice: ticket types, then products and add-ons. */
function pickedLines(
  eventId: string,
  list: TicketType[],
  quantities: Record<string, number>,
  products: Record<string, ChosenProduct>,
) {
  return [
    ...list.map((type) => ({ eventId, ticketTypeId: type.id, quantity: quantities[type.id] ?? 0 })),
    // Products and add-ons chosen below the tickets (decision 051) go in the same order.
    ...Object.entries(products).map(([ticketTypeId, p]) => ({
      eventId,
      ticketTypeId,
      quantity: p.quantity,
    })),
  ].filter((l) => l.quantity > 0);
}

/** spec §2 `/ticket?event_id=`: choose how many of each ticket type, then cart or buy now. */
export function TicketPicker({
  eventId,
  access,
  code = null,
}: {
  eventId: string;
  access: string | null;
  /** An access code the link carried (decision 053): its hidden types show at once. */
  code?: string | null;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const [appliedCode, setAppliedCode] = useState<string | null>(code);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [products, setProducts] = useState<Record<string, ChosenProduct>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const event = useQuery(eventQuery(eventId, access));
  const types = useQuery(ticketTypesQuery(eventId, appliedCode, access));
  const seated = useSeatedTypeIds(eventId);
  const billing = useCheckoutBilling([eventId]);
  const { checkout, error, isPending } = useCheckout({ onFailed: (e) => billing.showErrors(e) });
  const [cart] = useCart();
  const cartCount = cart.lines.reduce((sum, l) => sum + l.quantity, 0);
  const lines = pickedLines(eventId, types.data?.ticketTypes ?? [], quantities, products);
  // The server prices the choice as the cart does: tax added to tax-exclusive prices, and none
  // at all when the company details make the buyer account for the VAT (reverse charge).
  const quote = useQuery({
    ...quoteQuery({
      items: lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity })),
      unlockCode: appliedCode,
      billingDetails: billing.quoteInput,
    }),
    enabled: lines.length > 0,
    placeholderData: keepPreviousData,
  });

  if (event.isPending || (types.isPending && !types.data)) return <PageSpinner />;
  if (event.isError) {
    return (
      <LoadFailed
        title={t`Event unavailable`}
        error={event.error}
        onRetry={() => void event.refetch()}
      />
    );
  }
  if (types.isError && !types.data) {
    return (
      <LoadFailed
        title={t`Tickets could not be loaded`}
        error={types.error}
        onRetry={() => void types.refetch()}
      />
    );
  }
  const list = types.data?.ticketTypes ?? [];
  const hasLocked = Boolean(types.data?.hasLocked);
  // Until the server's price arrives (or when it refuses the choice, which the checkout will
  // explain), the total is the sum of the listed prices.
  const priced = lines.length && quote.data && !quote.isError ? quote.data : null;
  const total = priced
    ? priced.totalCents
    : list.reduce((sum, type) => sum + (quantities[type.id] ?? 0) * type.priceCents, 0) +
      Object.values(products).reduce((sum, p) => sum + p.quantity * p.priceCents, 0);
  const currency = priced?.currency ?? list[0]?.currency ?? 'USD';
  const totalPrice = formatPrice(total, currency);
  const isReverseCharge = Boolean(priced?.tax?.reverseCharge);

  function requireLines(): boolean {
    if (lines.length) return true;
    setFormError(t`Please choose at least 1 ticket`);
    return false;
  }

  function addToCart() {
    if (!requireLines()) return;
    writeCart(addLines(readCart(), lines, appliedCode));
    setQuantities({});
    setProducts({});
    toast.success(t`Added to your cart`, {
      action: { label: t`View cart`, onClick: () => void navigate(paths.cart()) },
    });
  }

  function buyNow() {
    if (!requireLines()) return;
    void checkout({
      items: lines.map(({ ticketTypeId, quantity }) => ({ ticketTypeId, quantity })),
      unlockCode: appliedCode,
      billingDetails: billing.input,
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
          <Trans>Get tickets</Trans>
        </h1>
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
        <AccessCodeForm
          appliedCode={appliedCode}
          onApply={setAppliedCode}
          isFetching={types.isFetching}
          unlockedCount={list.filter((type) => type.unlocked).length}
          problem={types.data?.codeProblem}
        />
      ) : null}

      {list.length === 0 ? (
        <EmptyState icon={Ticket} title={t`No tickets on sale`}>
          <p className="text-muted-foreground">
            <Trans>Check back later or contact the organizer.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Ticket types`}>
          {list.map((type) => {
            const max = maxSelectable(type);
            const value = quantities[type.id] ?? 0;
            return (
              <li
                key={type.id}
                className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-semibold">{type.name}</h2>
                    <AvailabilityBadge availability={type.availability} />
                    {type.unlocked ? (
                      <span className="text-xs font-medium text-success">
                        <Trans>Unlocked</Trans>
                      </span>
                    ) : null}
                  </div>
                  <p className="text-lg font-bold tabular-nums">
                    {formatPrice(type.priceCents, type.currency)}
                  </p>
                  {type.description ? (
                    <p className="text-sm text-muted-foreground">{type.description}</p>
                  ) : null}
                  <p className="text-xs text-muted-foreground">{limitsLabel(type, i18n)}</p>
                  <WaitlistJoin eventId={eventId} ticketType={type} />
                </div>
                {seated.has(type.id) ? (
                  // Sold by seat: chosen on the seat map, never by count (decision 072).
                  <ChooseSeatsLink eventId={eventId} />
                ) : (
                  <QuantityStepper
                    id={`${id}-q-${type.id}`}
                    label={type.name}
                    value={value}
                    min={0}
                    max={max}
                    disabled={max === 0}
                    onChange={(n) => {
                      setFormError(null);
                      setQuantities((q) => ({ ...q, [type.id]: nextQuantity(type, value, n) }));
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}

      <ProductChoices
        eventId={eventId}
        access={access}
        tickets={quantities}
        chosen={products}
        onChange={(next) => {
          setFormError(null);
          setProducts(next);
        }}
        Stepper={QuantityStepper}
      />

      {list.length ? <CheckoutBillingForm billing={billing} /> : null}

      {formError || error ? <Alert variant="destructive">{formError ?? error}</Alert> : null}

      {list.length ? (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg" aria-live="polite">
            {lines.length ? (
              <>
                <Trans>
                  Total: <span className="font-bold tabular-nums">{totalPrice}</span>
                </Trans>
                {isReverseCharge ? (
                  <span className="block text-sm text-muted-foreground">
                    <Trans>VAT reverse charged</Trans>
                  </span>
                ) : null}
              </>
            ) : (
              <span className="text-muted-foreground">
                <Trans>Choose your tickets above</Trans>
              </span>
            )}
          </p>
          {/* One primary action; the cart is for buying across events, so it stays secondary. */}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="ghost" onClick={addToCart} disabled={isPending}>
              <ShoppingCart aria-hidden="true" className="size-4" />
              <Trans>Add to cart</Trans>
            </Button>
            <Button onClick={buyNow} disabled={isPending} className="sm:min-w-32">
              {isPending ? t`Processing...` : t`Buy now`}
            </Button>
          </div>
        </div>
      ) : null}
      {cartCount ? (
        <Link
          to={paths.cart()}
          className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Plural
            value={cartCount}
            one="Your cart has # ticket: view cart"
            other="Your cart has # tickets: view cart"
          />
        </Link>
      ) : null}
    </div>
  );
}
