import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  BoxOfficeCloseInputSchema,
  BoxOfficeFloatInputSchema,
  type BoxOfficeShift,
} from '../../../contracts/box-office';
import { Button } from '../../components/ui/button';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { formatMoney, moneyInputValue, parseMoneyInput } from '../../lib/money';
import { doorKeys, postShiftClose, postShiftReopen, putShiftFloat } from './api';

// A shift's drawer (decision 147): the float it opens with, the cash counted at the close, and
// for the organizer a re-opening. The amounts are typed in the event's currency and sent in
// minor units; the contract (the server's own schema) checks them and names the field.

type AmountValues = { amount: string };
const AMOUNT_FIELDS = ['amount'] as const;

/**
 * The typed amount in minor units: undefined when empty, NaN when not an amount; a minus sign is
 * kept, so the contract says the amount cannot be negative rather than that it is no amount.
 */
function minorOf(text: string, currency: string) {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const negative = /^[-\u2212]/.test(trimmed);
  const minor = parseMoneyInput(negative ? trimmed.slice(1) : trimmed, undefined, currency);
  if (minor === null) return Number.NaN;
  return negative ? -minor : minor;
}

function AmountForm({
  field,
  schema,
  label,
  submit,
  initial,
  currency,
  send,
}: {
  field: 'floatCents' | 'countedCents';
  schema: typeof BoxOfficeFloatInputSchema | typeof BoxOfficeCloseInputSchema;
  label: string;
  submit: ReactNode;
  initial: string;
  currency: string;
  send: (cents: number) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const say = useContractText();
  const rename = { [field]: 'amount' as const };
  const form = useForm<AmountValues>({
    defaultValues: { amount: initial },
    resolver: contractResolver<AmountValues>(
      schema,
      (values) => ({ [field]: minorOf(values.amount, currency) }),
      AMOUNT_FIELDS,
      rename,
    ),
  });
  const failure = form.formState.errors.root?.message;
  async function onSubmit(values: AmountValues) {
    try {
      await send(minorOf(values.amount, currency) ?? 0);
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), rename), AMOUNT_FIELDS))
        form.setError('root', { message: errorMessage(error, t`Please try again.`) });
    }
  }
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      className="flex flex-wrap items-end gap-2"
      aria-label={label}
    >
      <FormField<AmountValues> name="amount" label={label} formatError={say}>
        {(control) => <Input inputMode="decimal" autoComplete="off" {...control} />}
      </FormField>
      <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
        {submit}
      </Button>
      {failure ? <p role="alert">{failure}</p> : null}
    </Form>
  );
}

/** Over or short, as the drawer's count says. */
function Difference({ cents, currency }: { cents: number; currency: string }) {
  const amount = formatMoney(Math.abs(cents), currency);
  if (cents > 0) return <Trans>{amount} over</Trans>;
  if (cents < 0) return <Trans>{amount} short</Trans>;
  return <Trans>Balanced</Trans>;
}

/** The drawer of one shift: its figures, and the forms of whoever may keep it. */
export function ShiftDrawer({
  eventId,
  shift,
  currency,
  mayReopen,
}: {
  eventId: string;
  shift: BoxOfficeShift;
  currency: string;
  mayReopen: boolean;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const money = (cents: number) => formatMoney(cents, currency);
  const refresh = () => queryClient.invalidateQueries({ queryKey: doorKeys.shiftSummary(eventId) });
  // A shift whose seller's account is gone has no key left to keep its drawer by.
  const key = shift.sellerId ? { sellerId: shift.sellerId, day: shift.day } : null;
  const { sellerName, day } = shift;
  async function reopen() {
    if (!key) return;
    setFailure(null);
    try {
      await postShiftReopen(eventId, key);
      await refresh();
    } catch (error) {
      setFailure(errorMessage(error, t`The shift could not be re-opened. Please try again.`));
    }
  }
  return (
    <section
      className="flex flex-col gap-2 rounded-md border p-3 text-sm"
      aria-label={t`Drawer of ${sellerName}, ${day}`}
      data-testid="shift-drawer"
    >
      <h3 className="font-medium">
        {sellerName} · {day}
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <dt className="text-muted-foreground">{t`Float`}</dt>
        <dd>{money(shift.floatCents)}</dd>
        <dt className="text-muted-foreground">{t`Cash taken`}</dt>
        <dd>{money(shift.tenderedCents)}</dd>
        <dt className="text-muted-foreground">{t`Change given`}</dt>
        <dd>{money(shift.changeCents)}</dd>
        <dt className="text-muted-foreground">{t`Expected in the drawer`}</dt>
        <dd>{money(shift.expectedCents)}</dd>
        {shift.countedCents !== null && shift.differenceCents !== null ? (
          <>
            <dt className="text-muted-foreground">{t`Counted`}</dt>
            <dd>{money(shift.countedCents)}</dd>
            <dt className="text-muted-foreground">{t`Over/short`}</dt>
            <dd data-testid="shift-difference">
              <Difference cents={shift.differenceCents} currency={currency} />
            </dd>
          </>
        ) : null}
      </dl>
      {shift.closedAt ? (
        <p>
          <Trans>
            Closed by {shift.closedByName ?? ''} at {formatDateTime(shift.closedAt)}
          </Trans>
        </p>
      ) : null}
      {shift.reopenedAt && !shift.closedAt ? (
        <p className="text-muted-foreground">
          <Trans>
            Re-opened by {shift.reopenedByName ?? ''} at {formatDateTime(shift.reopenedAt)}
          </Trans>
        </p>
      ) : null}
      {key && !shift.closedAt ? (
        <div className="flex flex-col gap-2">
          <AmountForm
            field="floatCents"
            schema={BoxOfficeFloatInputSchema}
            label={t`Opening float`}
            submit={<Trans>Save the float</Trans>}
            initial={shift.floatCents ? moneyInputValue(shift.floatCents, currency) : ''}
            currency={currency}
            send={async (floatCents) => {
              await putShiftFloat(eventId, key, { floatCents });
              await refresh();
            }}
          />
          <AmountForm
            field="countedCents"
            schema={BoxOfficeCloseInputSchema}
            label={t`Cash counted`}
            submit={<Trans>Close the shift</Trans>}
            initial=""
            currency={currency}
            send={async (countedCents) => {
              await postShiftClose(eventId, key, { countedCents });
              await refresh();
            }}
          />
        </div>
      ) : null}
      {key && shift.closedAt && mayReopen ? (
        <Button type="button" variant="outline" className="self-start" onClick={reopen}>
          <Trans>Re-open the shift</Trans>
        </Button>
      ) : null}
      {failure ? <p role="alert">{failure}</p> : null}
    </section>
  );
}
