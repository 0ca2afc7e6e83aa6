import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { BoxOfficeMethod, BoxOfficeSale } from '../../../contracts/box-office';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { formatMoney, formatPrice, parseMoneyInput } from '../../lib/money';
import { BoxOfficeSeats, useSeatedTypeIds, type ChosenSeats } from '../seating';
import { AddOnPicker } from './add-on-picker';
import { PrintTickets } from './sale-actions';
import {
  doorKeys,
  fetchBoxOffice,
  fetchSale,
  fetchShiftSummary,
  postAdmitSale,
  postSale,
} from './api';

// The box office in the check-in app (decision 070): sell at the door while online, for cash,
// card (the payment provider's card form) or complimentary, and admit at once if wanted.

const newKey = () => crypto.randomUUID();

/** The "Sell" screen: ticket types and quantities, payment, buyer, and the sale's result. */
export function SellPanel({ eventId, onSold }: { eventId: string; onSold: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const queryClient = useQueryClient();
  const catalog = useQuery({
    queryKey: doorKeys.boxOffice(eventId),
    queryFn: () => fetchBoxOffice(eventId),
    retry: false,
  });
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [addOnQuantities, setAddOnQuantities] = useState<Record<string, number>>({});
  const [method, setMethod] = useState<BoxOfficeMethod>('cash');
  const [tendered, setTendered] = useState('');
  const [buyerName, setBuyerName] = useState('');
  const [buyerEmail, setBuyerEmail] = useState('');
  const [admit, setAdmit] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const key = useRef(newKey());
  // An event sold by seat: its seated types are sold as seats picked on the map (decision 090).
  const seated = useSeatedTypeIds(eventId);
  const [seats, setSeats] = useState<ChosenSeats>({ seatIds: [], totalCents: 0 });

  const currency = catalog.data?.currency ?? 'USD';
  const types = (catalog.data?.ticketTypes ?? []).filter((type) => !seated.has(type.id));
  const addOns = catalog.data?.addOns ?? [];
  const items = [
    ...types.map((type) => ({ ticketTypeId: type.id, quantity: quantities[type.id] ?? 0 })),
    ...addOns.map((addOn) => ({
      ticketTypeId: addOn.id,
      quantity: addOnQuantities[addOn.id] ?? 0,
    })),
  ].filter((item) => item.quantity > 0);
  const total =
    method === 'complimentary'
      ? 0
      : types.reduce((sum, type) => sum + type.priceCents * (quantities[type.id] ?? 0), 0) +
        addOns.reduce(
          (sum, addOn) => sum + addOn.priceCents * (addOnQuantities[addOn.id] ?? 0),
          0,
        ) +
        seats.totalCents;

  const sale = useMutation({
    mutationFn: (tenderedCents: number | undefined) =>
      postSale(
        eventId,
        {
          items,
          seatIds: seats.seatIds,
          method,
          tenderedCents,
          buyerName: buyerName.trim() || undefined,
          buyerEmail: buyerEmail.trim() || undefined,
          admit,
        },
        key.current,
      ),
    onSuccess: () => {
      // The next sale is another sale.
      key.current = newKey();
      setQuantities({});
      setAddOnQuantities({});
      setSeats({ seatIds: [], totalCents: 0 });
      setTendered('');
      setBuyerName('');
      setBuyerEmail('');
      void queryClient.invalidateQueries({ queryKey: doorKeys.boxOffices });
      onSold();
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    if (!items.length && !seats.seatIds.length) return setFormError(t`Choose at least one ticket.`);
    let tenderedCents: number | undefined;
    if (method === 'cash' && tendered.trim()) {
      const parsed = parseMoneyInput(tendered, undefined, currency);
      if (parsed === null) return setFormError(t`Enter the cash received as an amount.`);
      tenderedCents = parsed;
    }
    sale.mutate(tenderedCents);
  }

  if (catalog.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(catalog.error, t`The box office needs the network. Please try again.`)}
      </Alert>
    );
  if (!catalog.data) return <p role="status">{t`Loading the tickets on sale...`}</p>;

  const methods: { value: BoxOfficeMethod; label: string }[] = [
    { value: 'cash', label: t`Cash` },
    { value: 'card', label: t`Card` },
    { value: 'complimentary', label: t`Complimentary` },
  ];

  return (
    <section aria-label={t`Sell tickets`} className="flex flex-col gap-4 rounded-lg border p-3">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <fieldset className="flex flex-col gap-2" hidden={!types.length}>
          <legend className="text-sm font-medium">
            <Trans>Tickets</Trans>
          </legend>
          {types.map((type) => (
            <div key={type.id} className="flex items-center justify-between gap-2">
              <label htmlFor={`${id}-${type.id}`} className="flex flex-col">
                <span className="font-medium">{type.name}</span>
                <span className="text-sm text-muted-foreground">
                  {formatPrice(type.priceCents, currency)} · <Trans>{type.remaining} left</Trans>
                </span>
              </label>
              <Input
                id={`${id}-${type.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={Math.min(50, type.remaining)}
                className="w-20"
                value={quantities[type.id] ?? 0}
                onChange={(e) =>
                  setQuantities((now) => ({
                    ...now,
                    [type.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)),
                  }))
                }
              />
            </div>
          ))}
        </fieldset>
        <BoxOfficeSeats eventId={eventId} chosen={seats.seatIds} onChange={setSeats} />
        <AddOnPicker
          addOns={addOns}
          currency={currency}
          quantities={addOnQuantities}
          onChange={setAddOnQuantities}
        />

        <fieldset className="flex flex-wrap gap-4">
          <legend className="text-sm font-medium">
            <Trans>Payment</Trans>
          </legend>
          {methods.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-method`}
                className="size-4"
                checked={method === choice.value}
                onChange={() => setMethod(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>

        <p className="text-lg font-semibold" data-testid="sale-total">
          <Trans>Total: {formatMoney(total, currency)}</Trans>
        </p>

        {method === 'cash' ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-tendered`} className="text-sm font-medium">
              <Trans>Cash received (empty: the exact amount)</Trans>
            </label>
            <Input
              id={`${id}-tendered`}
              inputMode="decimal"
              value={tendered}
              onChange={(e) => setTendered(e.target.value)}
            />
          </div>
        ) : null}

        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            <Trans>Buyer's name (optional)</Trans>
          </label>
          <Input
            id={`${id}-name`}
            value={buyerName}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setBuyerName(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            <Trans>Buyer's email (optional: the tickets are mailed there)</Trans>
          </label>
          <Input
            id={`${id}-email`}
            type="email"
            value={buyerEmail}
            maxLength={254}
            autoComplete="off"
            onChange={(e) => setBuyerEmail(e.target.value)}
          />
        </div>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4"
            checked={admit}
            onChange={(e) => setAdmit(e.target.checked)}
          />
          <Trans>Admit at once (sell and admit)</Trans>
        </label>

        {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        {sale.isError ? (
          <Alert variant="destructive">
            {errorMessage(sale.error, t`The sale did not go through. Please try again.`)}
          </Alert>
        ) : null}
        <Button type="submit" disabled={sale.isPending} className="self-start">
          {sale.isPending ? t`Selling...` : t`Sell`}
        </Button>
      </form>

      {sale.data ? <SaleResult eventId={eventId} sale={sale.data} onAdmitted={onSold} /> : null}
      <ShiftSummary eventId={eventId} />
    </section>
  );
}

/** What was sold: the change to give, the card form to open, the tickets and their state. */
export function SaleResult({
  eventId,
  sale,
  onAdmitted,
}: {
  eventId: string;
  sale: BoxOfficeSale;
  onAdmitted: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const admit = useMutation({
    mutationFn: () => postAdmitSale(eventId, sale.orderId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: doorKeys.sale(sale.orderId) });
      onAdmitted();
    },
  });
  const shown = admit.data ?? sale;
  const total = formatMoney(shown.totalCents, shown.currency);
  const change = formatMoney(shown.changeCents ?? 0, shown.currency);
  const canAdmit =
    shown.status === 'paid' && shown.tickets.some((ticket) => ticket.status === 'valid');
  return (
    <Alert variant={shown.status === 'paid' ? 'success' : 'info'} title={t`Sale recorded`}>
      <div className="flex flex-col gap-2" data-testid="sale-result">
        {shown.status === 'paid' ? (
          <p>
            <Trans>Paid: {total}.</Trans>{' '}
            {shown.method === 'cash' ? <Trans>Change to give: {change}</Trans> : null}
          </p>
        ) : (
          <p>
            <Trans>Waiting for the card payment of {total}.</Trans>{' '}
            {shown.checkoutUrl ? (
              <a href={shown.checkoutUrl} className="font-semibold underline">
                <Trans>Take the card payment</Trans>
              </a>
            ) : null}
          </p>
        )}
        {shown.addOns.length ? (
          <ul className="text-sm" aria-label={t`Add-ons`}>
            {shown.addOns.map((addOn) => (
              <li key={addOn.name}>
                {addOn.quantity} × {addOn.name}
              </li>
            ))}
          </ul>
        ) : null}
        {shown.tickets.length ? (
          <ul className="text-sm">
            {shown.tickets.map((ticket) => (
              <li key={ticket.id}>
                {ticket.ticketTypeName} ·{' '}
                {ticket.status === 'checked_in' ? t`Checked in` : t`Not checked in yet`}
              </li>
            ))}
          </ul>
        ) : null}
        <PrintTickets eventId={eventId} sale={shown} />
        {canAdmit ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={admit.isPending}
            onClick={() => admit.mutate()}
          >
            <Trans>Admit these guests now</Trans>
          </Button>
        ) : null}
        {admit.isError ? (
          <p role="alert">{errorMessage(admit.error, t`Could not admit. Please try again.`)}</p>
        ) : null}
      </div>
    </Alert>
  );
}

/** A sale coming back from the card form (`?sale=`): its state, and admit once paid. */
export function ReturnedSale({
  eventId,
  orderId,
  onAdmitted,
}: {
  eventId: string;
  orderId: string;
  onAdmitted: () => void;
}) {
  const { t } = useLingui();
  const sale = useQuery({
    queryKey: doorKeys.sale(orderId),
    queryFn: () => fetchSale(eventId, orderId),
    // The provider's webhook may land a moment after the buyer comes back.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
    retry: false,
  });
  if (sale.isError)
    return <Alert variant="destructive">{errorMessage(sale.error, t`Sale not found`)}</Alert>;
  if (!sale.data) return null;
  return <SaleResult eventId={eventId} sale={sale.data} onAdmitted={onAdmitted} />;
}

/** Each seller's shift: the organizer sees every seller, a seller their own. */
function ShiftSummary({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const summary = useQuery({
    queryKey: doorKeys.shiftSummary(eventId),
    queryFn: () => fetchShiftSummary(eventId),
    retry: false,
  });
  if (!summary.data?.shifts.length) return null;
  const money = (cents: number) => formatMoney(cents, summary.data.currency);
  return (
    <section className="flex flex-col gap-2">
      <h2 className="font-semibold">
        <Trans>Shift summary</Trans>
      </h2>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t`Shift summary`}>
        <table className="w-full text-sm" data-testid="shift-summary">
          <thead>
            <tr className="text-start">
              <th className="p-1 text-start">{t`Seller`}</th>
              <th className="p-1 text-end">{t`Sales`}</th>
              <th className="p-1 text-end">{t`Tickets`}</th>
              <th className="p-1 text-end">{t`Cash`}</th>
              <th className="p-1 text-end">{t`Card`}</th>
              <th className="p-1 text-end">{t`Complimentary`}</th>
            </tr>
          </thead>
          <tbody>
            {summary.data.shifts.map((shift) => (
              <tr key={shift.sellerId ?? 'gone'} className="border-t">
                <td className="p-1">
                  {shift.sellerName}
                  <span className="block text-xs text-muted-foreground">
                    {formatDateTime(shift.firstSaleAt)} – {formatDateTime(shift.lastSaleAt)}
                  </span>
                </td>
                <td className="p-1 text-end">{shift.sales}</td>
                <td className="p-1 text-end">{shift.tickets}</td>
                <td className="p-1 text-end">{money(shift.cashCents)}</td>
                <td className="p-1 text-end">{money(shift.cardCents)}</td>
                <td className="p-1 text-end">{shift.complimentary}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
