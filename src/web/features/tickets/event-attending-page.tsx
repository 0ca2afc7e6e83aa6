import { useParams, useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { EventAttending } from './event-attending';

/** spec §2 event/{eventId}/attending and mea-attending/{eventId}. */
export function EventAttendingPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <PageBody>
      <EventAttending key={eventId} eventId={eventId} access={params.get('access')} />
    </PageBody>
  );
}
