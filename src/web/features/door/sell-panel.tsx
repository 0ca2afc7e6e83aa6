import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { BoxOfficeSaleInput } from '../../../contracts/box-office';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { formatMoney, formatPrice, parseMoneyInput } from '../../lib/money';
import { BoxOfficeSeats, useSeatedTypeIds, type ChosenSeats } from '../seating';
import { AddOnPicker } from './add-on-picker';
import { doorKeys, fetchBoxOffice, postSale } from './api';
import { LiveSale } from './sale-result';
import { sellerTotal, type PayChoice } from './sale-total';
import { ShiftSummary } from './shift-summary';

export { ReturnedSale } from './sale-result';

// The box office in the check-in app (decision 070): sell at the door while online, for cash,
// card (the payment provider's card form at the desk, or its hosted checkout on the buyer's
// phone by QR code) or complimentary, and admit at once if wanted.

const NO_SEATS: ChosenSeats = { seatIds: [], lines: [], totalCents: 0 };

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
  const [choice, setChoice] = useState<PayChoice>('cash');
  const [tendered, setTendered] = useState('');
  const [buyerName, setBuyerName] = useState('');
  const [buyerEmail, setBuyerEmail] = useState('');
  const [admit, setAdmit] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const key = useRef(newKey());
  // An event sold by seat: its seated types are sold as seats picked on the map (decision 090).
  const seated = useSeatedTypeIds(eventId);
  const [seats, setSeats] = useState<ChosenSeats>(NO_SEATS);

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
  // What the sale will charge, tax added on top of the prices included (as the server's order).
  const total = catalog.data ? sellerTotal(catalog.data, [...items, ...seats.lines], choice) : 0;

  const sale = useMutation({
    mutationFn: (body: BoxOfficeSaleInput) => postSale(eventId, body, key.current),
    onSuccess: () => {
      // The next sale is another sale.
      key.current = newKey();
      setQuantities({});
      setAddOnQuantities({});
      setSeats(NO_SEATS);
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
    if (choice === 'cash' && tendered.trim()) {
      const parsed = parseMoneyInput(tendered, undefined, currency);
      if (parsed === null) return setFormError(t`Enter the cash received as an amount.`);
      tenderedCents = parsed;
    }
    sale.mutate({
      items,
      seatIds: seats.seatIds,
      method: choice === 'phone' ? 'card' : choice,
      cardOn: choice === 'phone' ? 'phone' : 'desk',
      tenderedCents,
      buyerName: buyerName.trim() || undefined,
      buyerEmail: buyerEmail.trim() || undefined,
      admit,
    });
  }

  if (catalog.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(catalog.error, t`The box office needs the network. Please try again.`)}
      </Alert>
    );
  if (!catalog.data) return <p role="status">{t`Loading the tickets on sale...`}</p>;

  const methods: { value: PayChoice; label: string }[] = [
    { value: 'cash', label: t`Cash` },
    { value: 'card', label: t`Card` },
    { value: 'phone', label: t`Card on the buyer's phone` },
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
          {methods.map((option) => (
            <label key={option.value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-method`}
                className="size-4"
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>

        <p className="text-lg font-semibold" data-testid="sale-total">
          <Trans>Total: {formatMoney(total, currency)}</Trans>
        </p>

        {choice === 'cash' ? (
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

      {sale.data ? (
        <LiveSale
          key={sale.data.orderId}
          eventId={eventId}
          sale={sale.data}
          onPhone={sale.variables.cardOn === 'phone'}
          onAdmitted={onSold}
        />
      ) : null}
      <ShiftSummary eventId={eventId} />
    </section>
  );
}
