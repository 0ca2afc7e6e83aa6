import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Percent, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { COUNTRY_CODES } from '../../../contracts/questions';
import type { EventTaxSettings } from '../../../contracts/taxes';
import { PageBody } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { EventBillingSettingsSection } from '../billing-details';
import { EventManageFrame } from '../ticket-admin';
import {
  eventTaxSettingsQuery,
  useCreateTaxRate,
  useDeleteTaxRate,
  useSaveEventTaxSettings,
} from './api';
import { TAXES_TAB } from './paths';

/** Not in spec §2: event/{eventId}/taxes (owner or admin), decision 058. */
export function EventTaxesPage() {
  const { i18n } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={i18n._(TAXES_TAB)} permission="invoices">
        {() => <EventTaxes eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}

function EventTaxes({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const settings = useQuery(eventTaxSettingsQuery(eventId));
  if (settings.isPending) return <Spinner label={t`Loading taxes`} />;
  if (settings.isError)
    return (
      <LoadFailed
        title={t`The tax settings could not be loaded`}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-8">
      <RatesSection eventId={eventId} settings={settings.data} />
      <AssignSection eventId={eventId} settings={settings.data} />
      <EventBillingSettingsSection eventId={eventId} />
    </div>
  );
}

function countryNames(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

function RatesSection({ eventId, settings }: { eventId: string; settings: EventTaxSettings }) {
  const { t, i18n } = useLingui();
  const create = useCreateTaxRate(eventId);
  const remove = useDeleteTaxRate(eventId);
  const [name, setName] = useState('');
  const [percent, setPercent] = useState('');
  const [country, setCountry] = useState('');
  const errors = fieldErrors(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, percent, country: country || null },
      {
        onSuccess: (rate) => {
          const rateName = rate.name;
          toast.success(t`Tax rate ${rateName} added`);
          setName('');
          setPercent('');
          setCountry('');
        },
      },
    );
  };
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
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-lg border border-border p-4 md:grid-cols-[2fr_1fr_2fr_auto] md:items-end"
        aria-label={t`Add a tax rate`}
      >
        <Field id="tax-name" label={t`Name`} error={errors.name}>
          <Input
            id="tax-name"
            value={name}
            maxLength={80}
            placeholder={t`e.g. VAT`}
            aria-invalid={Boolean(errors.name)}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field id="tax-percent" label={t`Percentage`} error={errors.percent}>
          <Input
            id="tax-percent"
            value={percent}
            inputMode="decimal"
            placeholder="20"
            aria-invalid={Boolean(errors.percent)}
            onChange={(e) => setPercent(e.target.value)}
          />
        </Field>
        <Field id="tax-country" label={t`Country`} error={errors.country}>
          <Select id="tax-country" value={country} onChange={(e) => setCountry(e.target.value)}>
            <option value="">{t`Any country`}</option>
            {countryNames(i18n.locale).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button type="submit" disabled={create.isPending}>
          <Trans>Add rate</Trans>
        </Button>
      </form>
      {create.isError && !Object.keys(errors).length ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(create.error, t`The tax rate could not be added.`)}
        </p>
      ) : null}
    </section>
  );
}

function AssignSection({ eventId, settings }: { eventId: string; settings: EventTaxSettings }) {
  const { t } = useLingui();
  const save = useSaveEventTaxSettings(eventId);
  const [included, setIncluded] = useState(settings.pricesIncludeTax);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  useEffect(() => {
    setIncluded(settings.pricesIncludeTax);
    setChosen(Object.fromEntries(settings.ticketTypes.map((x) => [x.id, x.taxRateId ?? ''])));
  }, [settings]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        pricesIncludeTax: included,
        assignments: settings.ticketTypes.map((x) => ({
          ticketTypeId: x.id,
          taxRateId: chosen[x.id] || null,
        })),
      },
      {
        onSuccess: () => toast.success(t`Tax settings saved`),
        onError: (error) =>
          toast.error(errorMessage(error, t`The tax settings could not be saved.`)),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby="tax-assign-heading" className="flex flex-col gap-4">
      <h2 id="tax-assign-heading" className="text-lg font-semibold">
        <Trans>This event</Trans>
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Ticket prices</Trans>
        </legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="prices-include-tax"
            checked={included}
            onChange={() => setIncluded(true)}
          />
          <Trans>Include tax (the buyer pays the price shown)</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="prices-include-tax"
            checked={!included}
            onChange={() => setIncluded(false)}
          />
          <Trans>Exclude tax (tax is added on top at checkout)</Trans>
        </label>
      </fieldset>
      {settings.ticketTypes.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>This event has no ticket types yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {settings.ticketTypes.map((type) => {
            const id = `tax-type-${type.id}`;
            return (
              <li
                key={type.id}
                className="flex flex-col gap-2 px-4 py-3 md:flex-row md:items-center md:justify-between"
              >
                <label htmlFor={id} className="text-sm">
                  <span className="font-medium">{type.name}</span>{' '}
                  <span className="text-muted-foreground tabular-nums">
                    {formatMoney(type.priceCents, type.currency)}
                  </span>
                </label>
                <Select
                  id={id}
                  className="md:w-64"
                  value={chosen[type.id] ?? ''}
                  onChange={(e) => setChosen({ ...chosen, [type.id]: e.target.value })}
                >
                  <option value="">{t`No tax`}</option>
                  {settings.rates.map((rate) => (
                    <option key={rate.id} value={rate.id}>
                      {rate.name} ({rate.percent} %)
                    </option>
                  ))}
                </Select>
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save tax settings</Trans>
        </Button>
      </div>
    </form>
  );
}
