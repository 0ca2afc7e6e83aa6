import type { Event } from '../../../contracts/events';
import { truncateText } from '../../../contracts/text';

/**
 * schema.org Event for search engines and link previews. Returned as a JSON string with `<`
 * escaped, so no text of the event can close the <script> element it is placed in.
 */
export function eventJsonLd(event: Event, pageUrl: string, origin: string): string {
  const image = event.coverImage ? [new URL(event.coverImage.large, origin).href] : undefined;
  const location = event.isOnline
    ? { '@type': 'VirtualLocation', url: event.onlineUrl ?? pageUrl }
    : {
        '@type': 'Place',
        name: event.venueName ?? event.location,
        address: {
          '@type': 'PostalAddress',
          streetAddress: event.address ?? undefined,
          addressLocality: event.city ?? undefined,
          addressCountry: event.country ?? undefined,
        },
      };
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: truncateText(event.description, 500),
    startDate: event.startsAt,
    endDate: event.endsAt ?? undefined,
    eventStatus:
      event.eventStatus === 'cancelled'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    eventAttendanceMode: event.isOnline
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location,
    image,
    url: pageUrl,
    isAccessibleForFree: event.isFree,
    organizer: {
      '@type': 'Organization',
      name: event.organizer.businessName ?? event.organizer.fullName,
      url: new URL(`/organizers/${event.organizer.id}`, origin).href,
    },
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
