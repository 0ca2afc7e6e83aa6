import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { BillingDetailsInput } from '../../../contracts/billing-details';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { fieldErrors } from '../../lib/api-client';
import { eventBillingSettingsQuery } from './api';
import { useCountries } from './countries';

interface BillingDraft {
  companyName: string;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  vatId: string;
}
type BillingField = keyof BillingDraft;

const EMPTY: BillingDraft = {
  companyName: '',
  address: '',
  postalCode: '',
  city: '',
  country: '',
  vatId: '',
};

const FIELDS: BillingField[] = ['companyName', 'address', 'postalCode', 'city', 'country', 'vatId'];

function toInput(draft: BillingDraft): BillingDetailsInput {
  return { ...draft, vatId: draft.vatId.trim() || null };
}

const isComplete = (d: BillingDraft) =>
  [d.companyName, d.address, d.city, d.country].every((v) => v.trim() !== '');

/**
 * A business buyer's company details at checkout (decision 060): open when one of the cart's
 * events asks for them, else behind "I need an invoice for a company". `input` goes with the
 * order; `quoteInput` (complete details only) lets the quote show whether reverse charge applies.
 */
export function useCheckoutBilling(eventIds: string[]) {
  const settings = useQueries({ queries: eventIds.map((id) => eventBillingSettingsQuery(id)) });
  const required = settings.some((q) => q.data?.billingDetailsRequired);
  const [wanted, setWanted] = useState(false);
  const [draft, setDraft] = useState<BillingDraft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = required || wanted;
  const input = open ? toInput(draft) : null;
  return {
    required,
    open,
    setWanted,
    draft,
    change: (field: BillingField, value: string) => {
      setDraft((d) => ({ ...d, [field]: value }));
      setErrors((e) => ({ ...e, [field]: '' }));
    },
    errors,
    input,
    quoteInput: input && isComplete(draft) ? input : null,
    /** Marks the fields a refused order names (`billingDetails.<field>`); true if it named any. */
    showErrors(error: unknown): boolean {
      const all = fieldErrors(error);
      const mine: Record<string, string> = {};
      for (const [name, message] of Object.entries(all)) {
        if (name === 'billingDetails') mine.companyName ??= message;
        else if (name.startsWith('billingDetails.')) mine[name.slice(15)] = message;
      }
      setErrors(mine);
      return Object.keys(mine).length > 0;
    },
  };
}
export type CheckoutBilling = ReturnType<typeof useCheckoutBilling>;

/** The company details form of the checkout summary (see useCheckoutBilling). */
export function CheckoutBillingForm({ billing }: { billing: CheckoutBilling }) {
  const { t } = useLingui();
  const id = useId();
  const countries = useCountries();
  const labels: Record<BillingField, string> = {
    companyName: t`Company name`,
    address: t`Street address`,
    postalCode: t`Postal code`,
    city: t`City`,
    country: t`Country`,
    vatId: t`VAT ID`,
  };
  const optional = new Set<BillingField>(['postalCode', 'vatId']);
  const autoComplete: Record<BillingField, string> = {
    companyName: 'organization',
    address: 'street-address',
    postalCode: 'postal-code',
    city: 'address-level2',
    country: 'country',
    vatId: 'off',
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">
        <Trans>Billing details</Trans>
      </legend>
      {billing.required ? (
        <p className="text-sm font-medium">
          <Trans>This event asks for company billing details.</Trans>
        </p>
      ) : (
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={billing.open}
            onChange={(e) => billing.setWanted(e.target.checked)}
          />
          <Trans>I need an invoice for a company</Trans>
        </label>
      )}
      {billing.open
        ? FIELDS.map((field) => {
            const fieldId = `${id}-${field}`;
            const error = billing.errors[field] || undefined;
            const hint = field === 'vatId';
            const name = labels[field];
            const label = optional.has(field) ? <Trans>{name} (optional)</Trans> : name;
            const common = {
              id: fieldId,
              name: field,
              value: billing.draft[field],
              'aria-invalid': Boolean(error),
              'aria-describedby': describedBy(fieldId, { hint, error }),
              autoComplete: autoComplete[field],
            };
            return (
              <Field
                key={field}
                id={fieldId}
                label={label}
                error={error}
                hint={
                  hint ? (
                    <Trans>VAT ID checked for format only, not with the tax authority</Trans>
                  ) : undefined
                }
              >
                {field === 'country' ? (
                  <Select {...common} onChange={(e) => billing.change(field, e.target.value)}>
                    <option value="">{t`Choose a country`}</option>
                    {countries.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.name}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    {...common}
                    required={!optional.has(field)}
                    onChange={(e) => billing.change(field, e.target.value)}
                  />
                )}
              </Field>
            );
          })
        : null}
    </fieldset>
  );
}
