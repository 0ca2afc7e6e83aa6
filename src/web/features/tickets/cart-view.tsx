import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { OrderInput, TicketType } from '../../../contracts/tickets';
import { EmptyState } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { paths } from '../../lib/paths';
import { quoteQuery, ticketTypesQuery } from './api';
import { cartItems, setLineQuantity } from './cart-storage';
import { QuantityStepper } from './components/quantity-stepper';
import { removeOrderedFromCart, useCart } from './use-cart';
import { useCheckout } from './use-checkout';
import { QuoteTaxRows } from '../taxes';
import { CheckoutBillingForm, useCheckoutBilling } from '../billing-details';
import { cartProductLimits, productsQuery } from '../products';

/** "Discount" or "Discount (SUMMER)": the code is the organizer's, never translated. */
function DiscountLabel({ code }: { code: string | null | undefined }) {
  return code ? <Trans>Discount ({code})</Trans> : <Trans>Discount</Trans>;
}

/** "Summer Fest · $20.00 each", the event's title a link to it. */
function UnitPrice({
  eventId,
  eventTitle,
  unitPrice,
}: {
  eventId: string;
  eventTitle: string;
  unitPrice: string;
}) {
  return (
    <p className="text-sm text-muted-foreground">
      <Trans>
        <Link to={paths.event(eventId)} className="hover:underline">
          {eventTitle}
        </Link>{' '}
        · {unitPrice} each
      </Trans>
    </p>
  );
}

/** spec §2 /cart: the stored cart priced by the API, a discount code, totals and checkout. */
export function CartView() {
  const { t } = useLingui();
  const id = useId();
  const [cart, setCart] = useCart();
  const [code, setCode] = useState('');
  const [appliedCode, setAppliedCode] = useState<string | null>(null);
  const eventIds = [...new Set(cart.lines.map((l) => l.eventId))];
  const typeQueries = useQueries({
    queries: eventIds.map((eventId) => ticketTypesQuery(eventId, cart.unlockCode, null)),
  });
  const typesById = new Map<string, TicketType>();
  for (const q of typeQueries)
    for (const type of q.data?.ticketTypes ?? []) typesById.set(type.id, type);
  // Products are not ticket types to the buyer: their lines stop at the add-on rules' limits.
  const productQueries = useQueries({
    queries: eventIds.map((eventId) => productsQuery(eventId, cart.unlockCode)),
  });
  const productLimits = cartProductLimits(
    productQueries.flatMap((q) => q.data?.products ?? []),
    cart.lines,
  );

  const billing = useCheckoutBilling(eventIds);
  const input: OrderInput = { items: cartItems(cart), unlockCode: cart.unlockCode };
  const hasLines = cart.lines.length > 0;
  // Complete company details go with the quote so that it shows whether reverse charge applies.
  const priced: OrderInput = { ...input, billingDetails: billing.quoteInput };
  const base = useQuery({
    ...quoteQuery(priced),
    enabled: hasLines,
    placeholderData: keepPreviousData,
  });
  const withCode = useQuery({
    ...quoteQuery({ ...priced, discountCode: appliedCode }),
    enabled: hasLines && appliedCode !== null,
    placeholderData: keepPreviousData,
  });
  const codeError =
    appliedCode && withCode.isError
      ? errorMessage(withCode.error, t`This discount code is not valid`)
      : null;
  const quote = appliedCode && withCode.data && !withCode.isError ? withCode.data : base.data;
  const { checkout, error, isPending } = useCheckout({
    onOrdered: (order) => {
      if (order.status === 'paid') removeOrderedFromCart(order.items.map((i) => i.ticketTypeId));
    },
    onFailed: (e) => billing.showErrors(e),
  });

  if (!hasLines) {
    return (
      <EmptyState icon={ShoppingCart} title={t`Your cart is empty`}>
        <p className="text-muted-foreground">
          <Trans>Find an event and add tickets to your cart.</Trans>
        </p>
        <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>Browse events</Trans>
        </Link>
      </EmptyState>
    );
  }

  function applyCode(e: FormEvent) {
    e.preventDefault();
    setAppliedCode(code.trim() || null);
  }

  const isCodeApplied = Boolean(
    appliedCode && withCode.data && !withCode.isError && quote?.discountCode,
  );
  const appliedCodeName = quote?.discountCode;

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby={`${id}-lines`} className="flex flex-col gap-3">
        <h2 id={`${id}-lines`} className="sr-only">
          <Trans>Tickets in your cart</Trans>
        </h2>
        <ul className="flex flex-col gap-3">
          {cart.lines.map((line) => {
            const type = typesById.get(line.ticketTypeId);
            const priced = quote?.lines.find((l) => l.ticketTypeId === line.ticketTypeId);
            const name = type?.name ?? priced?.ticketTypeName ?? t`Ticket`;
            const limits = productLimits.get(line.ticketTypeId);
            const max = type
              ? Math.max(line.quantity, Math.min(type.maxPerOrder, type.remaining))
              : (limits?.max ?? 50);
            return (
              <li
                key={line.ticketTypeId}
                className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-semibold">{name}</p>
                  {priced ? (
                    <UnitPrice
                      eventId={line.eventId}
                      eventTitle={priced.eventTitle}
                      unitPrice={formatMoney(priced.unitPriceCents, quote?.currency ?? 'USD')}
                    />
                  ) : null}
                </div>
                <div className="flex items-center justify-between gap-3">
                  <QuantityStepper
                    id={`${id}-${line.ticketTypeId}`}
                    label={name}
                    value={line.quantity}
                    min={limits?.min ?? 1}
                    max={max}
                    onChange={(n) => setCart(setLineQuantity(cart, line.ticketTypeId, n))}
                  />
                  {priced ? (
                    <span className="w-20 text-end font-semibold tabular-nums">
                      {formatMoney(priced.totalCents, quote?.currency ?? 'USD')}
                    </span>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t`Remove ${name}`}
                    onClick={() => setCart(setLineQuantity(cart, line.ticketTypeId, 0))}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section
        aria-labelledby={`${id}-summary`}
        className="flex h-fit flex-col gap-4 rounded-lg border border-border p-4"
      >
        <h2 id={`${id}-summary`} className="text-lg font-semibold">
          <Trans>Order summary</Trans>
        </h2>
        <form onSubmit={applyCode} noValidate className="flex flex-col gap-2">
          <label htmlFor={`${id}-code`} className="text-sm font-medium">
            <Trans>Discount code</Trans>
          </label>
          <div className="flex gap-2">
            <Input
              id={`${id}-code`}
              value={code}
              autoComplete="off"
              aria-invalid={Boolean(codeError)}
              aria-describedby={codeError ? `${id}-code-error` : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button type="submit" variant="outline" disabled={withCode.isFetching}>
              <Trans>Apply</Trans>
            </Button>
          </div>
          {codeError ? (
            <p
              id={`${id}-code-error`}
              role="alert"
              className="text-sm font-medium text-destructive"
            >
              {codeError}
            </p>
          ) : isCodeApplied ? (
            <p role="status" className="text-sm text-success">
              <Trans>Code {appliedCodeName} applied.</Trans>
            </p>
          ) : null}
        </form>

        {base.isError && !quote ? (
          <Alert variant="destructive">
            {errorMessage(base.error, t`Prices could not be loaded.`)}
          </Alert>
        ) : !quote ? (
          <Spinner label={t`Loading prices`} />
        ) : (
          <dl className="flex flex-col gap-2 text-sm" aria-live="polite">
            <div className="flex justify-between">
              <dt>
                <Trans>Subtotal</Trans>
              </dt>
              <dd className="tabular-nums">{formatMoney(quote.subtotalCents, quote.currency)}</dd>
            </div>
            {quote.discountCents > 0 ? (
              <div className="flex justify-between text-success">
                <dt>
                  <DiscountLabel code={quote.discountCode} />
                </dt>
                <dd className="tabular-nums">
                  −{formatMoney(quote.discountCents, quote.currency)}
                </dd>
              </div>
            ) : null}
            <QuoteTaxRows tax={quote.tax} currency={quote.currency} />
            {quote.tax?.reverseCharge ? (
              <div className="flex justify-between text-muted-foreground">
                <dt>
                  <Trans>VAT reverse charged</Trans>
                </dt>
                <dd className="tabular-nums">{formatMoney(0, quote.currency)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between border-t border-border pt-2 text-base font-bold">
              <dt>
                <Trans>Total</Trans>
              </dt>
              <dd className="tabular-nums">{formatMoney(quote.totalCents, quote.currency)}</dd>
            </div>
          </dl>
        )}
        {base.isError && quote ? (
          <Alert variant="destructive">
            {errorMessage(base.error, t`Prices could not be loaded.`)}
          </Alert>
        ) : null}
        <CheckoutBillingForm billing={billing} />
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <Button
          size="lg"
          disabled={isPending || !quote || base.isError}
          onClick={() =>
            void checkout({
              ...input,
              discountCode: isCodeApplied ? appliedCode : null,
              billingDetails: billing.input,
            })
          }
        >
          {isPending ? t`Processing...` : t`Checkout`}
        </Button>
      </section>
    </div>
  );
}
