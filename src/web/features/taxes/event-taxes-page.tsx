import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Spinner } from '../../components/ui/spinner';
import { EventBillingSettingsSection } from '../billing-details';
import { EventManageFrame } from '../ticket-admin';
import { eventTaxSettingsQuery } from './api';
import { RatesSection } from './event-tax-rates';
import { AssignSection } from './event-tax-settings-form';
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
