import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import {
  DiscountCodeInputSchema,
  TICKET_MESSAGES,
  type DiscountCodeInput,
} from '../../../contracts/tickets';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { offChargeStep, parseMoneyInput } from '../../lib/money';
import { managedTypesQuery, useCreateDiscountCode } from './api';
import { localInputToIso } from './ticket-type-form';

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
const FIELDS = Object.keys(EMPTY) as CodeField[];

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

/** The contract's checks in the page's language, plus the currency's charge step. */
function codeResolver(
  currency: string,
  say: (message: MessageDescriptor) => string,
): Resolver<CodeFormValues, unknown, DiscountCodeInput> {
  return (values) => {
    const input = codeFormToInput(values, currency);
    const parsed = DiscountCodeInputSchema.safeParse(input);
    const errors: FieldErrors<CodeFormValues> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = String(issue.path[0]) as CodeField;
      const known = SCHEMA_MESSAGES.get(issue.message);
      if (FIELDS.includes(name) && !errors[name])
        errors[name] = { type: issue.code, message: known ? say(known) : issue.message };
    }
    const step = input.kind === 'fixed' ? offChargeStep(input.amount, currency) : null;
    if (step && !errors.amount) {
      errors.amount = {
        type: 'step',
        message: say(msg`Prices in ${currency} go in steps of ${step}`),
      };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values: input, errors: {} };
  };
}

/** The new discount code form above the list; cleared once the code is created. */
export function DiscountCodeForm({ eventId, currency }: { eventId: string; currency: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const types = useQuery(managedTypesQuery(eventId));
  const create = useCreateDiscountCode(eventId);
  const form = useForm<CodeFormValues, unknown, DiscountCodeInput>({
    defaultValues: EMPTY,
    resolver: codeResolver(currency, (message) => i18n._(message)),
  });
  const kind = form.watch('kind');
  const generalError = form.formState.errors.root?.message;

  async function submit(input: DiscountCodeInput) {
    try {
      const created = await create.mutateAsync(input);
      const code = created.code;
      toast.success(t`Code ${code} created`);
      form.reset(EMPTY);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', { message: errorMessage(error, t`The code could not be created.`) });
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>New discount code</Trans>
      </h2>
      {generalError ? <Alert variant="destructive">{generalError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<CodeFormValues> name="code" label={t`Code`}>
          {(control) => (
            <Input {...control} maxLength={40} autoComplete="off" placeholder="EARLYBIRD" />
          )}
        </FormField>
        <FormField<CodeFormValues> name="kind" label={t`Type of discount`}>
          {(control) => (
            <Select {...control}>
              <option value="percent">{t`Percentage`}</option>
              <option value="fixed">{t`Fixed amount`}</option>
            </Select>
          )}
        </FormField>
        <FormField<CodeFormValues>
          name="amount"
          label={kind === 'percent' ? t`Percent off` : t`Amount off (${currency})`}
        >
          {(control) => <Input {...control} inputMode="decimal" />}
        </FormField>
        <FormField<CodeFormValues> name="ticketTypeId" label={t`Applies to`}>
          {(control) => (
            <Select {...control}>
              <option value="">{t`All ticket types`}</option>
              {(types.data?.ticketTypes ?? []).map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField<CodeFormValues> name="usageLimit" label={t`Usage limit (optional)`}>
          {(control) => <Input {...control} type="number" inputMode="numeric" min={1} />}
        </FormField>
        <div className="hidden sm:block" />
        <FormField<CodeFormValues> name="validFrom" label={t`Valid from (optional)`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
        <FormField<CodeFormValues> name="validUntil" label={t`Valid until (optional)`}>
          {(control) => <Input {...control} type="datetime-local" />}
        </FormField>
      </div>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? t`Creating...` : t`Create code`}
      </Button>
    </Form>
  );
}
