import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PageBody, PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/ui/spinner';
import { settingsQuery } from './api';
import { SettingsForm } from './settings-form';
import { BillingProfileForm } from '../invoices';

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
