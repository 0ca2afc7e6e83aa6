import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { BoxOfficeSaleInputSchema, type BoxOfficeSaleInput } from '../../../contracts/box-office';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  checksResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
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

interface SaleValues {
  /** Ticket type id → quantity (the types on sale come with the catalogue). */
  quantities: Record<string, number>;
  addOns: Record<string, number>;
  seats: ChosenSeats;
  choice: PayChoice;
  tendered: string;
  buyerName: string;
  buyerEmail: string;
  admit: boolean;
}
const SALE_FIELDS = ['tendered', 'buyerName', 'buyerEmail'] as const;
// The body's names for the form's fields (what the cash received is in minor units).
const RENAME = { tenderedCents: 'tendered' } as const;
const EMPTY_SALE: SaleValues = {
  quantities: {},
  addOns: {},
  seats: NO_SEATS,
  choice: 'cash',
  tendered: '',
  buyerName: '',
  buyerEmail: '',
  admit: false,
};

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
  const key = useRef(newKey());
  // An event sold by seat: its seated types are sold as seats picked on the map (decision 090).
  const seated = useSeatedTypeIds(eventId);

  const currency = catalog.data?.currency ?? 'USD';
  const types = (catalog.data?.ticketTypes ?? []).filter((type) => !seated.has(type.id));
  const addOns = catalog.data?.addOns ?? [];
  const itemsOf = (values: SaleValues) =>
    [
      ...types.map((type) => ({
        ticketTypeId: type.id,
        quantity: values.quantities[type.id] ?? 0,
      })),
      ...addOns.map((addOn) => ({
        ticketTypeId: addOn.id,
        quantity: values.addOns[addOn.id] ?? 0,
      })),
    ].filter((item) => item.quantity > 0);
  // The cash received in minor units: undefined when empty (the exact amount), null when not an
  // amount in the event's currency.
  const tenderedOf = (values: SaleValues) =>
    values.choice === 'cash' && values.tendered.trim()
      ? parseMoneyInput(values.tendered, undefined, currency)
      : undefined;
  const bodyOf = (values: SaleValues): BoxOfficeSaleInput => ({
    items: itemsOf(values),
    seatIds: values.seats.seatIds,
    method: values.choice === 'phone' ? 'card' : values.choice,
    cardOn: values.choice === 'phone' ? 'phone' : 'desk',
    tenderedCents: tenderedOf(values) ?? undefined,
    buyerName: values.buyerName.trim() || undefined,
    buyerEmail: values.buyerEmail.trim() || undefined,
    admit: values.admit,
  });

  // The desk's own checks (what is chosen, the amount in the event's currency), then the
  // contract's on the buyer's fields.
  const form = useForm<SaleValues>({
    defaultValues: EMPTY_SALE,
    resolver: checksResolver<SaleValues>((values) => {
      const found: Partial<Record<'root' | (typeof SALE_FIELDS)[number], string>> = {};
      if (!itemsOf(values).length && !values.seats.seatIds.length)
        found.root = t`Choose at least one ticket.`;
      if (tenderedOf(values) === null) found.tendered = t`Enter the cash received as an amount.`;
      const parsed = BoxOfficeSaleInputSchema.safeParse(bodyOf(values));
      const paths: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) paths[issue.path.join('.')] ??= issue.message;
      const issues = renameFields(paths, RENAME);
      for (const name of SALE_FIELDS) found[name] ??= issues[name];
      return found as Partial<Record<keyof SaleValues, string>>;
    }),
  });
  const values = form.watch();
  const items = itemsOf(values);
  // What the sale will charge, tax added on top of the prices included (as the server's order).
  const total = catalog.data
    ? sellerTotal(catalog.data, [...items, ...values.seats.lines], values.choice)
    : 0;

  const sale = useMutation({
    mutationFn: (body: BoxOfficeSaleInput) => postSale(eventId, body, key.current),
    onSuccess: () => {
      // The next sale is another sale; the payment and "admit" choices stay.
      key.current = newKey();
      form.reset({
        ...EMPTY_SALE,
        choice: form.getValues('choice'),
        admit: form.getValues('admit'),
      });
      void queryClient.invalidateQueries({ queryKey: doorKeys.boxOffices });
      onSold();
    },
  });

  async function submit(values: SaleValues) {
    try {
      await sale.mutateAsync(bodyOf(values));
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), RENAME), SALE_FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The sale did not go through. Please try again.`),
        });
    }
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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-3">
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
                value={values.quantities[type.id] ?? 0}
                onChange={(e) =>
                  form.setValue('quantities', {
                    ...form.getValues('quantities'),
                    [type.id]: Math.max(0, Math.floor(Number(e.target.value) || 0)),
                  })
                }
              />
            </div>
          ))}
        </fieldset>
        <BoxOfficeSeats
          eventId={eventId}
          chosen={values.seats.seatIds}
          onChange={(seats) => form.setValue('seats', seats)}
        />
        <AddOnPicker
          addOns={addOns}
          currency={currency}
          quantities={values.addOns}
          onChange={(next) => form.setValue('addOns', next)}
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
                checked={values.choice === option.value}
                onChange={() => form.setValue('choice', option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>

        <p className="text-lg font-semibold" data-testid="sale-total">
          <Trans>Total: {formatMoney(total, currency)}</Trans>
        </p>

        {values.choice === 'cash' ? (
          <FormField<SaleValues>
            name="tendered"
            label={<Trans>Cash received (empty: the exact amount)</Trans>}
          >
            {(control) => <Input {...control} inputMode="decimal" />}
          </FormField>
        ) : null}

        <FormField<SaleValues> name="buyerName" label={<Trans>Buyer's name (optional)</Trans>}>
          {(control) => <Input {...control} maxLength={200} autoComplete="off" />}
        </FormField>
        <FormField<SaleValues>
          name="buyerEmail"
          label={<Trans>Buyer's email (optional: the tickets are mailed there)</Trans>}
        >
          {(control) => <Input {...control} type="email" maxLength={254} autoComplete="off" />}
        </FormField>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4" {...form.register('admit')} />
          <Trans>Admit at once (sell and admit)</Trans>
        </label>

        {form.formState.errors.root?.message ? (
          <Alert variant="destructive">{form.formState.errors.root.message}</Alert>
        ) : null}
        <Button type="submit" disabled={sale.isPending} className="self-start">
          {sale.isPending ? t`Selling...` : t`Sell`}
        </Button>
      </Form>

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
