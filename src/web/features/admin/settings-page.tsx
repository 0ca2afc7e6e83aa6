import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SiteSettingsSchema, type SiteSettings } from '../../../contracts/admin';
import { CURRENCIES } from '../../../contracts/tickets';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { settingsQuery, useSaveSettings } from './api';
import { BillingProfileForm } from '../invoices';

type Errors = Partial<Record<keyof SiteSettings, string>>;

/** /admin/settings: site settings stored in the database; changes count at once (audited). */
export function AdminSettingsPage() {
  const { t } = useLingui();
  const settings = useQuery(settingsQuery);
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Settings`}
        description={t`Shown across the site; changes take effect at once and are recorded in the audit log.`}
      />
      {settings.data ? <SettingsForm initial={settings.data} /> : <Spinner />}
      <section aria-labelledby="platform-billing" className="mt-10 flex flex-col gap-4">
        <h2 id="platform-billing" className="text-xl font-bold">
          <Trans>Platform billing profile</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>
            The invoices for plans, vendor fees and ad campaigns that the platform charges are
            issued from this profile.
          </Trans>
        </p>
        <BillingProfileForm scope="platform" />
      </section>
    </PageBody>
  );
}

function SettingsForm({ initial }: { initial: SiteSettings }) {
  const { t } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveSettings();
  useEffect(() => setValues(initial), [initial]);
  const set = <K extends keyof SiteSettings>(key: K, value: SiteSettings[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(false);
  };
  const text = (
    key: 'siteName' | 'contactEmail' | 'contactPhone' | 'maintenanceBanner',
    label: string,
    type = 'text',
  ) => (
    <Field id={`setting-${key}`} label={label} error={errors[key]}>
      <Input
        id={`setting-${key}`}
        type={type}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `setting-${key}-error` : undefined}
        onChange={(e) => set(key, e.target.value)}
      />
    </Field>
  );
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = SiteSettingsSchema.safeParse(values);
        if (!parsed.success) {
          const next: Errors = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path[0] as keyof SiteSettings;
            next[key] ??= issue.message;
          }
          setErrors(next);
          return;
        }
        setErrors({});
        save.mutate(parsed.data, { onSuccess: () => setSaved(true) });
      }}
    >
      {save.error ? (
        <Alert variant="destructive" title={errorMessage(save.error, t`Could not save`)} />
      ) : null}
      {saved ? <Alert variant="success" title={t`Settings saved`} /> : null}
      {text('siteName', t`Site name`)}
      {text('contactEmail', t`Contact email (footer)`, 'email')}
      {text('contactPhone', t`Contact phone (footer)`, 'tel')}
      <Field id="setting-defaultCurrency" label={t`Default currency`}>
        <Select
          id="setting-defaultCurrency"
          value={values.defaultCurrency}
          onChange={(e) =>
            set('defaultCurrency', e.target.value as SiteSettings['defaultCurrency'])
          }
        >
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </Select>
      </Field>
      <Field
        id="setting-platformFeeBps"
        label={t`Platform fee (%)`}
        hint={t`Taken from ticket sales, up to 50%.`}
        error={errors.platformFeeBps}
      >
        <Input
          id="setting-platformFeeBps"
          inputMode="decimal"
          value={values.platformFeeBps / 100}
          aria-invalid={errors.platformFeeBps ? true : undefined}
          onChange={(e) => set('platformFeeBps', Math.round(Number(e.target.value) * 100))}
        />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={values.registrationOpen}
          onChange={(e) => set('registrationOpen', e.target.checked)}
        />
        <Trans>Registration open</Trans>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={values.vendorApplicationsOpen}
          onChange={(e) => set('vendorApplicationsOpen', e.target.checked)}
        />
        <Trans>Vendor applications open</Trans>
      </label>
      {text('maintenanceBanner', t`Maintenance banner (empty: none)`)}
      <div>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save settings</Trans>
        </Button>
      </div>
    </form>
  );
}
