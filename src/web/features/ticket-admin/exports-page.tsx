import { useLingui } from '@lingui/react/macro';
import { useParams, useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { EventManageFrame } from './event-manage-frame';
import { ExportsPanel } from './exports-panel';

/**
 * Not in spec §2: event/{eventId}/exports (owner or admin), where orders, attendees, check-ins
 * and products are exported; the mail of a long export links here with its download token.
 */
export function ExportsPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('download') ?? undefined;
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={t`Exports`} permission="exports">
        {() => <ExportsPanel eventId={eventId} linkToken={token} />}
      </EventManageFrame>
    </PageBody>
  );
}
