import { useParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { MessageAttendees } from '../notifications';
import { EventManageFrame } from './event-manage-frame';
import { TicketDashboard } from './ticket-dashboard';

/** spec §2 event/{eventId}/tickets (owner or admin). */
export function EventTicketsPage() {
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame
        eventId={eventId}
        title="Tickets"
        actions={() => <MessageAttendees eventId={eventId} />}
      >
        {() => <TicketDashboard eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}
