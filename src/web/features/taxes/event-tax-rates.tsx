import { Trans, useLingui } from '@lingui/react/macro';
import { Percent, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { COUNTRY_CODES } from '../../../contracts/questions';
import {
  TaxRateInputSchema,
  type EventTaxSettings,
  type TaxRateInput,
} from '../../../contracts/taxes';
import { EmptyState } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useCreateTaxRate, useDeleteTaxRate } from './api';

function countryNames(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

interface RateValues {
  name: string;
  percent: string;
  country: string;
}
const RATE_FIELDS = ['name', 'percent', 'country'] as const;
const EMPTY_RATE: RateValues = { name: '', percent: '', country: '' };
// The body as before: the name and percentage as typed (the server trims), no country as null.
const rateInput = (values: RateValues): TaxRateInput => ({
  name: values.name,
  percent: values.percent,
  country: values.country || null,
});

/** The organizer's own tax rates: the list, each with its delete, and the form adding one. */
export function RatesSection({
  eventId,
  settings,
}: {
  eventId: string;
  settings: EventTaxSettings;
}) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const create = useCreateTaxRate(eventId);
  const remove = useDeleteTaxRate(eventId);
  const form = useForm<RateValues>({
    defaultValues: EMPTY_RATE,
    resolver: contractResolver<RateValues>(TaxRateInputSchema, rateInput, RATE_FIELDS),
  });
  const failure = form.formState.errors.root?.message;
  async function submit(values: RateValues) {
    try {
      const rate = await create.mutateAsync(rateInput(values));
      const rateName = rate.name;
      toast.success(t`Tax rate ${rateName} added`);
      form.reset(EMPTY_RATE);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), RATE_FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The tax rate could not be added.`),
        });
    }
  }
  return (
    <section aria-labelledby="tax-rates-heading" className="flex flex-col gap-4">
      <h2 id="tax-rates-heading" className="text-lg font-semibold">
        <Trans>Your tax rates</Trans>
      </h2>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Your rates serve all your events. A change applies to new orders; orders already placed
          keep the tax they were sold with.
        </Trans>
      </p>
      {settings.rates.length === 0 ? (
        <EmptyState icon={Percent} title={t`No tax rates yet`}>
          <p className="text-sm text-muted-foreground">
            <Trans>Add a rate below, then choose it for your ticket types.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {settings.rates.map((rate) => {
            const rateName = rate.name;
            const ratePercent = rate.percent;
            return (
              <li key={rate.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <span>
                  <span className="font-medium">{rateName}</span>{' '}
                  <span className="text-muted-foreground">
                    <Trans>{ratePercent} %</Trans>
                    {rate.country ? ` · ${rate.country}` : ''}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t`Delete tax rate ${rateName}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(rate.id, {
                      onSuccess: () => toast.success(t`Tax rate ${rateName} deleted`),
                      onError: (error) =>
                        toast.error(errorMessage(error, t`The tax rate could not be deleted.`)),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <Form
        form={form}
        onSubmit={submit}
        className="grid gap-4 rounded-lg border border-border p-4 md:grid-cols-[2fr_1fr_2fr_auto] md:items-start"
        aria-label={t`Add a tax rate`}
      >
        <FormField<RateValues> name="name" label={t`Name`} formatError={say}>
          {(control) => <Input {...control} maxLength={80} placeholder={t`e.g. VAT`} />}
        </FormField>
        <FormField<RateValues> name="percent" label={t`Percentage`} formatError={say}>
          {(control) => <Input {...control} inputMode="decimal" placeholder="20" />}
        </FormField>
        <FormField<RateValues> name="country" label={t`Country`} formatError={say}>
          {(control) => (
            <Select {...control}>
              <option value="">{t`Any country`}</option>
              {countryNames(i18n.locale).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {/* Lowered by the labels' line and gap: beside the boxes even when a message grows a field. */}
        <Button type="submit" disabled={create.isPending} className="md:mt-5">
          <Trans>Add rate</Trans>
        </Button>
      </Form>
      {failure ? (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
