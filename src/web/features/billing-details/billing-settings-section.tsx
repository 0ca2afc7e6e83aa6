import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { eventBillingSettingsQuery, useSaveEventBillingSettings } from './api';
import { useCountries } from './countries';

/** The organizer's billing settings of an event: company details asked, EU reverse charge. */
export function EventBillingSettingsSection({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const id = useId();
  const countries = useCountries();
  const settings = useQuery(eventBillingSettingsQuery(eventId));
  const save = useSaveEventBillingSettings(eventId);
  const [required, setRequired] = useState(false);
  const [reverseCharge, setReverseCharge] = useState(false);
  const [country, setCountry] = useState('');
  const data = settings.data;
  useEffect(() => {
    if (!data) return;
    setRequired(data.billingDetailsRequired);
    setReverseCharge(data.reverseChargeEnabled);
    setCountry(data.sellerCountry ?? '');
  }, [data]);

  if (settings.isPending) return <Spinner label={t`Loading billing settings`} />;
  if (settings.isError)
    return (
      <LoadFailed
        title={t`The billing settings could not be loaded`}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );

  const errors = fieldErrors(save.error);
  const countryError = errors.sellerCountry;
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(
      {
        billingDetailsRequired: required,
        reverseChargeEnabled: reverseCharge,
        sellerCountry: country || null,
      },
      { onSuccess: () => toast.success(t`Billing settings saved`) },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          <Trans>Business buyers</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            Buyers can always add company details for their invoice; here you can require them and
            let EU businesses account for the VAT themselves.
          </Trans>
        </p>
      </div>
      <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={required}
            onChange={(e) => setRequired(e.target.checked)}
          />
          <Trans>Ask every buyer for company billing details</Trans>
        </label>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={reverseCharge}
            onChange={(e) => setReverseCharge(e.target.checked)}
          />
          <Trans>Reverse charge for EU businesses with a VAT ID from another member state</Trans>
        </label>
        <Field
          id={`${id}-country`}
          label={t`Country you are registered for VAT in`}
          error={countryError}
        >
          <Select
            id={`${id}-country`}
            value={country}
            aria-invalid={Boolean(countryError)}
            aria-describedby={describedBy(`${id}-country`, { error: countryError })}
            onChange={(e) => setCountry(e.target.value)}
          >
            <option value="">{t`Choose a country`}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        {save.isError && !countryError ? (
          <Alert variant="destructive">
            {errorMessage(save.error, t`The billing settings could not be saved.`)}
          </Alert>
        ) : null}
        <Button type="submit" className="self-start" disabled={save.isPending}>
          <Trans>Save billing settings</Trans>
        </Button>
      </form>
    </section>
  );
}
