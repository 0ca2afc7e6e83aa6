import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import type { EventTaxSettings } from '../../../contracts/taxes';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { EventBillingSettingsSection } from '../billing-details';
import { EventManageFrame } from '../ticket-admin';
import { eventTaxSettingsQuery, useSaveEventTaxSettings } from './api';
import { RatesSection } from './event-tax-rates';
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
