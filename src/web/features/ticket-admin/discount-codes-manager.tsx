import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BadgePercent, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  DiscountCodeInputSchema,
  TICKET_MESSAGES,
  type DiscountCode,
  type DiscountCodeInput,
} from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { currentIntlLocale } from '../../lib/intl-locale';
import { chargeStep } from '../../../contracts/currency';
import { formatMoney, moneyInputValue, parseMoneyInput } from '../../lib/money';
import {
  discountCodesQuery,
  managedTypesQuery,
  useCreateDiscountCode,
  useDeleteDiscountCode,
  useSetDiscountCodeActive,
} from './api';
import { localInputToIso } from './ticket-type-form';
import { formatDate } from '../../lib/dates';

interface CodeFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  amount: string;
  ticketTypeId: string;
  usageLimit: string;
  validFrom: string;
  validUntil: string;
}
type CodeField = keyof CodeFormValues;
const EMPTY: CodeFormValues = {
  code: '',
  kind: 'percent',
  amount: '',
  ticketTypeId: '',
  usageLimit: '',
  validFrom: '',
  validUntil: '',
};

/**
 * The form's values → the API body (percent as a whole number, fixed amounts in the minor units
 * of the event's currency: cents, yen, fils).
 */
export function codeFormToInput(values: CodeFormValues, currency = 'USD'): DiscountCodeInput {
  const amount =
    values.kind === 'percent'
      ? Number(values.amount || NaN)
      : (parseMoneyInput(values.amount, undefined, currency) ?? NaN);
  return {
    code: values.code.trim().toUpperCase(),
    kind: values.kind,
    amount,
    ticketTypeId: values.ticketTypeId || null,
    usageLimit: values.usageLimit.trim() ? Number(values.usageLimit) : null,
    validFrom: localInputToIso(values.validFrom),
    validUntil: localInputToIso(values.validUntil),
  };
}

// The shared schema's texts are English; the form shows each in the page's language.
const SCHEMA_MESSAGES = new Map<string, MessageDescriptor>([
  ['A code needs at least 3 characters', msg`A code needs at least 3 characters`],
  ['Use letters, digits, - and _ only', msg`Use letters, digits, - and _ only`],
  [TICKET_MESSAGES.amountRequired, msg`Please enter the discount amount`],
  [TICKET_MESSAGES.percentRange, msg`A percentage must be between 1 and 100`],
]);

function describeAmount(code: DiscountCode, currency: string, i18n: I18n) {
  if (code.kind === 'percent') {
    const percent = new Intl.NumberFormat(currentIntlLocale(), { style: 'percent' }).format(
      code.amount / 100,
    );
    return i18n._(msg`${percent} off`);
  }
  const amount = formatMoney(code.amount, currency);
  return i18n._(msg`${amount} off`);
}

function CreateCodeForm({ eventId, currency }: { eventId: string; currency: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const types = useQuery(managedTypesQuery(eventId));
  const create = useCreateDiscountCode(eventId);
  const [values, setValues] = useState<CodeFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CodeField, string>>>({});

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = codeFormToInput(values, currency);
    const parsed = DiscountCodeInputSchema.safeParse(input);
    const offStep = input.kind === 'fixed' && input.amount % chargeStep(currency) !== 0;
    if (!parsed.success || offStep) {
      const next: Partial<Record<CodeField, string>> = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const name = String(issue.path[0]) as CodeField;
        const known = SCHEMA_MESSAGES.get(issue.message);
        if (name in EMPTY) next[name] ??= known ? i18n._(known) : issue.message;
      }
      if (offStep) {
        // Three-decimal currencies are charged in steps of 10 fils (decision 074).
        const step = moneyInputValue(chargeStep(currency), currency);
        next.amount ??= i18n._(msg`Prices in ${currency} go in steps of ${step}`);
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (created) => {
        const code = created.code;
        toast.success(t`Code ${code} created`);
        setValues(EMPTY);
      },
      onError: (error) => {
        const fields = fieldErrors(error) as Partial<Record<CodeField, string>>;
        setErrors(fields);
      },
    });
  }

  const control = (name: CodeField) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, { error: errors[name] }),
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const generalError =
    create.isError && !Object.keys(fieldErrors(create.error)).length
      ? errorMessage(create.error, t`The code could not be created.`)
      : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>New discount code</Trans>
      </h2>
      {generalError ? <Alert variant="destructive">{generalError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-code`} label={t`Code`} error={errors.code}>
          <Input {...control('code')} maxLength={40} autoComplete="off" placeholder="EARLYBIRD" />
        </Field>
        <Field id={`${id}-kind`} label={t`Type of discount`} error={errors.kind}>
          <Select {...control('kind')}>
            <option value="percent">{t`Percentage`}</option>
            <option value="fixed">{t`Fixed amount`}</option>
          </Select>
        </Field>
        <Field
          id={`${id}-amount`}
          label={values.kind === 'percent' ? t`Percent off` : t`Amount off (${currency})`}
          error={errors.amount}
        >
          <Input {...control('amount')} inputMode="decimal" />
        </Field>
        <Field id={`${id}-ticketTypeId`} label={t`Applies to`} error={errors.ticketTypeId}>
          <Select {...control('ticketTypeId')}>
            <option value="">{t`All ticket types`}</option>
            {(types.data?.ticketTypes ?? []).map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-usageLimit`} label={t`Usage limit (optional)`} error={errors.usageLimit}>
          <Input {...control('usageLimit')} type="number" inputMode="numeric" min={1} />
        </Field>
        <div className="hidden sm:block" />
        <Field id={`${id}-validFrom`} label={t`Valid from (optional)`} error={errors.validFrom}>
          <Input {...control('validFrom')} type="datetime-local" />
        </Field>
        <Field id={`${id}-validUntil`} label={t`Valid until (optional)`} error={errors.validUntil}>
          <Input {...control('validUntil')} type="datetime-local" />
        </Field>
      </div>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? t`Creating...` : t`Create code`}
      </Button>
    </form>
  );
}

/** "Used 3/10", or "Used 3/∞" without a limit. */
function UsedCount({ used, limit }: { used: number; limit: number | null }) {
  const usage = `${used}/${limit ?? '∞'}`;
  return (
    <p className="text-sm">
      <Trans>
        Used <span className="font-semibold tabular-nums">{usage}</span>
      </Trans>
    </p>
  );
}

/** spec §2 event/{eventId}/discount-codes: list with usage, create, deactivate, delete. */
export function DiscountCodesManager({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const query = useQuery(discountCodesQuery(eventId));
  const types = useQuery(managedTypesQuery(eventId));
  const setActive = useSetDiscountCodeActive(eventId);
  const remove = useDeleteDiscountCode(eventId);
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const currency = types.data?.ticketTypes[0]?.currency ?? 'USD';
  const deletingCode = deleting?.code;
  const typeName = (id: string | null) =>
    id
      ? (types.data?.ticketTypes.find((type) => type.id === id)?.name ?? t`One ticket type`)
      : t`All tickets`;
  const untilLabel = (iso: string) => {
    const until = formatDate(iso);
    return t`until ${until}`;
  };

  let list;
  if (query.isPending) list = <Spinner label={t`Loading discount codes`} />;
  else if (query.isError)
    list = (
      <LoadFailed
        title={t`Discount codes could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.discountCodes.length === 0)
    list = (
      <EmptyState icon={BadgePercent} title={t`No discount codes yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Create a code above and share it with your guests.</Trans>
        </p>
      </EmptyState>
    );
  else
    list = (
      <ul className="flex flex-col gap-2">
        {query.data.discountCodes.map((c) => {
          const code = c.code;
          return (
            <li
              key={c.id}
              className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-lg font-bold">{c.code}</span>
                  <Badge variant={c.isActive ? 'success' : 'outline'}>
                    {c.isActive ? t`Active` : t`Inactive`}
                  </Badge>
                </div>
                <p className="text-sm text-muted-foreground">
                  {describeAmount(c, currency, i18n)} · {typeName(c.ticketTypeId)}
                  {c.validUntil ? ` · ${untilLabel(c.validUntil)}` : ''}
                </p>
                <p className="text-sm">
                  <UsedCount used={c.usedCount} limit={c.usageLimit} />
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={setActive.isPending}
                  aria-label={c.isActive ? t`Deactivate ${code}` : t`Activate ${code}`}
                  onClick={() =>
                    setActive.mutate(
                      { id: c.id, isActive: !c.isActive },
                      {
                        onError: (error) =>
                          toast.error(errorMessage(error, t`The code could not be changed.`)),
                      },
                    )
                  }
                >
                  {c.isActive ? t`Deactivate` : t`Activate`}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t`Delete ${code}`}
                  onClick={() => setDeleting(c)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <Trans>Delete</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className="flex flex-col gap-6">
      <CreateCodeForm eventId={eventId} currency={currency} />
      <section aria-labelledby="codes-title" className="flex flex-col gap-3">
        <h2 id="codes-title" className="text-lg font-semibold">
          <Trans>Codes</Trans>
        </h2>
        {list}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={deletingCode ? t`Delete ${deletingCode}?` : t`Delete this code?`}
        description={t`Buyers will no longer be able to use it. Orders that used it keep their discount.`}
        error={
          remove.isError ? errorMessage(remove.error, t`The code could not be deleted.`) : null
        }
        cancelLabel={t`Keep code`}
        confirmLabel={t`Delete code`}
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              const deletedCode = deleting.code;
              toast.success(t`Code ${deletedCode} deleted`);
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
