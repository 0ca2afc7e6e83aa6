import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { MessageAttendees } from '../notifications';
import { EventManageFrame } from './event-manage-frame';
import { TicketDashboard } from './ticket-dashboard';

/** spec §2 event/{eventId}/tickets (owner or admin). */
export function EventTicketsPage() {
  const { t } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame
        eventId={eventId}
        title={t`Tickets`}
        permission="event.edit"
        actions={() => <MessageAttendees eventId={eventId} />}
      >
        {() => <TicketDashboard eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}
