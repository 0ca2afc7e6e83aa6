import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  EventTaxSettingsInputSchema,
  type EventTaxSettings,
  type EventTaxSettingsInput,
} from '../../../contracts/taxes';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { useSaveEventTaxSettings } from './api';

interface SettingsValues {
  included: 'yes' | 'no';
  /** Ticket type id → rate id, '' for no tax. */
  rates: Record<string, string>;
}
type RateField = `rates.${string}`;

const valuesOf = (settings: EventTaxSettings): SettingsValues => ({
  included: settings.pricesIncludeTax ? 'yes' : 'no',
  rates: Object.fromEntries(settings.ticketTypes.map((x) => [x.id, x.taxRateId ?? ''])),
});

/** The event's tax settings: prices with or without tax, and each ticket type's rate. */
export function AssignSection({
  eventId,
  settings,
}: {
  eventId: string;
  settings: EventTaxSettings;
}) {
  const { t } = useLingui();
  const say = useContractText();
  const save = useSaveEventTaxSettings(eventId);
  const types = settings.ticketTypes;
  // The body as before: every ticket type with its rate or null.
  const input = (values: SettingsValues): EventTaxSettingsInput => ({
    pricesIncludeTax: values.included === 'yes',
    assignments: types.map((x) => ({ ticketTypeId: x.id, taxRateId: values.rates[x.id] || null })),
  });
  const fields = types.map((x): RateField => `rates.${x.id}`);
  const form = useForm<SettingsValues>({
    defaultValues: valuesOf(settings),
    // Every field is a choice the page lists; the contract has nothing to refuse but is asked.
    resolver: contractResolver<SettingsValues>(EventTaxSettingsInputSchema, input, []),
  });
  useEffect(() => form.reset(valuesOf(settings)), [form, settings]);

  async function submit(values: SettingsValues) {
    try {
      await save.mutateAsync(input(values));
      toast.success(t`Tax settings saved`);
    } catch (error) {
      // `assignments.2.taxRateId` is the third ticket type's rate.
      const refused: Record<string, string> = {};
      for (const [path, message] of Object.entries(fieldErrors(error))) {
        const index = /^assignments\.(\d+)/.exec(path)?.[1];
        const type = index === undefined ? undefined : types[Number(index)];
        if (type) refused[`rates.${type.id}`] ??= message;
      }
      if (!setServerErrors(form, refused, fields))
        toast.error(errorMessage(error, t`The tax settings could not be saved.`));
    }
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-labelledby="tax-assign-heading"
      className="flex flex-col gap-4"
    >
      <h2 id="tax-assign-heading" className="text-lg font-semibold">
        <Trans>This event</Trans>
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Ticket prices</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="yes" {...form.register('included')} />
          <Trans>Include tax (the buyer pays the price shown)</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" value="no" {...form.register('included')} />
          <Trans>Exclude tax (tax is added on top at checkout)</Trans>
        </label>
      </fieldset>
      {types.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>This event has no ticket types yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {types.map((type) => (
            <li key={type.id} className="px-4 py-3">
              <FormField<SettingsValues>
                name={`rates.${type.id}`}
                label={
                  <span className="font-normal">
                    <span className="font-medium">{type.name}</span>{' '}
                    <span className="text-muted-foreground tabular-nums">
                      {formatMoney(type.priceCents, type.currency)}
                    </span>
                  </span>
                }
                formatError={say}
              >
                {(control) => (
                  <Select {...control} className="md:w-64">
                    <option value="">{t`No tax`}</option>
                    {settings.rates.map((rate) => (
                      <option key={rate.id} value={rate.id}>
                        {rate.name} ({rate.percent} %)
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save tax settings</Trans>
        </Button>
      </div>
    </Form>
  );
}
