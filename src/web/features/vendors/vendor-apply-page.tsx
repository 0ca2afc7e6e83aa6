import { useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { VendorApply } from './apply-form';

/** /vendors/apply?event={event id}&name={event title} (spec §2; guarded like all /vendors/*). */
export function VendorApplyPage() {
  const [params] = useSearchParams();
  const eventId = params.get('event');
  const name = params.get('name') ?? '';
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={eventId && name ? t`Apply as a vendor: ${name}` : t`Apply as a vendor`}
        description={
          eventId
            ? t`Tell the organizer what you offer. They accept or reject your application.`
            : t`Events asking for DJs, caterers, hosts and other vendors.`
        }
      />
      <VendorApply key={eventId ?? ''} eventId={eventId} eventName={name} />
    </PageBody>
  );
}
