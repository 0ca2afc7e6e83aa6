import { useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { pageDataFor } from '../../app/server-head';
import { useEventView } from '../admin';
import { EventDetails } from './event-details';
import { LazyExperiencePrompt } from '../ratings';
import { EventRating } from '../feedback';
import { LazyEventChatLink, LazyEventStreamLink } from './lazy-sections';

/** spec §2 event/{id} and event/{eventId}; ?access= carries a private event's secret. */
export function EventPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  useEventView(eventId);
  // The server says whether a public event has a stream; asking the API for none answers 404,
  // an error in the browser's console.
  const hasStream = useMemo(
    () => pageDataFor(`/event/${eventId}`, 'event')?.hasStream ?? true,
    [eventId],
  );
  // Set by the create form (event-form.tsx) when it brings the organizer to a new event.
  const isNewEvent = Boolean((useLocation().state as { isNewEvent?: boolean } | null)?.isNewEvent);
  return (
    <>
      <LazyExperiencePrompt ratingType="event_creation" isTriggered={isNewEvent} />
      {/* Members (organizer, ticket holders, vendors with access) get a way into the group chat. */}
      <div className="mx-auto flex max-w-6xl justify-end gap-2 px-4 pt-4 empty:hidden">
        {hasStream ? <LazyEventStreamLink key={`stream-${eventId}`} eventId={eventId} /> : null}
        <LazyEventChatLink key={eventId} eventId={eventId} />
      </div>
      <EventDetails key={eventId} id={eventId} access={params.get('access')} />
      <div className="mx-auto max-w-6xl px-4 pb-8 empty:hidden">
        <EventRating key={eventId} eventId={eventId} />
      </div>
    </>
  );
}
