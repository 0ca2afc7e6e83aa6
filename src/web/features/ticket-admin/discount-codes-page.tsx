import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { DiscountCodesManager } from './discount-codes-manager';
import { EventManageFrame } from './event-manage-frame';

/** spec §2 event/{eventId}/discount-codes (owner or admin). */
export function DiscountCodesPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={t`Discount codes`} permission="discount_codes">
        {() => <DiscountCodesManager eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}
