import { useParams, useSearchParams } from 'react-router';
import { EventDetails } from '../../features/events/event-details';

/** spec §2 event/{id} and event/{eventId}; ?access= carries a private event's secret. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  return <EventDetails key={eventId} id={eventId} access={params.get('access')} />;
}
