import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { CalendarClock, Car, Globe, MapPin, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pageDataFor } from '../../app/server-head';
import { categorySlug } from '../../../contracts/enums';
import { EVENT_PAGE_COVER_SIZES } from '../../../contracts/page-data';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSession } from '../session';
import { EventOfferBox, PhoneBuyBar, ticketTypesQuery } from '../tickets';
import { LazySponsoredSlot } from '../promotions';
import { eventQuery, type EventDetail } from './api';
import { useCategoryLabel } from './category-label';
import { DescriptionText } from './components/description-text';
import { EventCover } from './event-cover';
import { EventHead } from './components/event-head';
import { OrganizerCard } from './components/organizer-card';
import { ShareAndCalendar } from './components/share-and-calendar';
import { StatusBadge } from './components/status-badge';
import { describeEventTime, viewerTimeZone } from './event-time';
import {
  LazyEventTicketsPanel,
  LazyEventVendors,
  LazyOwnerActions,
  LazyReportButton,
} from './lazy-sections';

/** The event page (spec §2 event/{id}); `access` is a private event's secret from its link. */
export function EventDetails({ id, access }: { id: string; access: string | null }) {
  const { t } = useLingui();
  // The server writes a public event into its page: the first paint needs no API round trip.
  const [seed] = useState(() => (access ? null : pageDataFor(`/event/${id}`, 'event')));
  const query = useQuery({ ...eventQuery(id, access), initialData: seed?.event });
  // The prices load beside the event rather than after it, so they are there as the page shows.
  usePrefetchQuery(ticketTypesQuery(id, null, access));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {isMissing ? <Trans>Event not found</Trans> : <Trans>Event unavailable</Trans>}
        </h1>
        <p className="text-muted-foreground">
          {isMissing
            ? t`This event does not exist, is not published yet, or is private.`
            : errorMessage(query.error, t`The event could not be loaded. Please try again later.`)}
        </p>
        <Link to={paths.events()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>Browse events</Trans>
        </Link>
      </div>
    );
  }
  return <EventView event={query.data} access={access ?? query.data.accessToken} />;
}

function StatusBadges({ event }: { event: EventDetail }) {
  const categoryLabel = useCategoryLabel();
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={paths.category(categorySlug(event.category))}>
        <Badge variant="outline" className="hover:bg-muted">
          {categoryLabel(event.category)}
        </Badge>
      </Link>
      <Badge variant={event.isFree ? 'success' : 'outline'}>
        {event.isFree ? <Trans>Free</Trans> : <Trans>Paid</Trans>}
      </Badge>
      {event.eventStatus !== 'published' ? <StatusBadge status={event.eventStatus} /> : null}
      {event.visibility === 'private' ? (
        <Badge variant="warning">
          <Trans>Private</Trans>
        </Badge>
      ) : null}
    </div>
  );
}

function EventView({ event, access }: { event: EventDetail; access: string | null }) {
  const { t } = useLingui();
  const { user } = useSession();
  const isOwner = Boolean(user && (user.id === event.organizer.id || user.roles.includes('admin')));
  const when = describeEventTime(event, viewerTimeZone());
  const localZone = when.localZone;
  const offerEvent = {
    id: event.id,
    isFree: event.isFree,
    isOpen: event.eventStatus === 'published',
    access: event.visibility === 'private' ? access : null,
  };
  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8">
      <EventHead event={event} />
      {event.eventStatus === 'cancelled' ? (
        <Alert variant="destructive" title={t`This event has been cancelled`} />
      ) : null}
      {/* The side column starts at the top, beside the cover, so the price and "Get tickets" are
          on the first screen of a wide window whatever the cover's height. */}
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <div className="overflow-hidden rounded-xl">
            <EventCover
              event={event}
              sizes={EVENT_PAGE_COVER_SIZES}
              isPriority
              // Without a cover, a full 16:9 placeholder would push the details off the first screen.
              className={event.coverImage ? undefined : 'aspect-[4/1]'}
            />
          </div>
          <header className="flex flex-col gap-4">
            <StatusBadges event={event} />
            <h1 className="text-3xl font-extrabold tracking-tight text-balance md:text-4xl">
              {event.title}
            </h1>
            <EventOfferBox event={offerEvent} className="lg:hidden" />
            <div className="flex items-start gap-3">
              <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div>
                <p className="font-medium">
                  <time dateTime={event.startsAt}>{when.local}</time>
                </p>
                <p className="text-sm text-muted-foreground">
                  <Trans>Your time zone: {localZone}</Trans>
                </p>
                {when.eventZoneNote ? (
                  <p className="text-sm text-muted-foreground">{when.eventZoneNote}</p>
                ) : null}
              </div>
            </div>
            <div className="flex items-start gap-3">
              {event.isOnline ? (
                <Globe aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              ) : (
                <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              )}
              <div>
                <p className="font-medium">
                  {event.isOnline ? (
                    <Trans>Online event</Trans>
                  ) : (
                    (event.venueName ?? event.location)
                  )}
                </p>
                {event.isOnline ? (
                  <p className="text-sm text-muted-foreground">
                    <Trans>The join link is shared with attendees.</Trans>
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    {[event.address, event.city, event.country].filter(Boolean).join(', ')}
                  </p>
                )}
              </div>
            </div>
            {event.capacity ? (
              <p className="flex items-center gap-3 text-sm text-muted-foreground">
                <Users aria-hidden="true" className="size-5 text-primary" />
                <Plural value={event.capacity} one="Up to # person" other="Up to # people" />
              </p>
            ) : null}
          </header>

          <section aria-labelledby="about-title" className="flex flex-col gap-3">
            <h2 id="about-title" className="text-xl font-bold">
              <Trans>About this event</Trans>
            </h2>
            <DescriptionText text={event.description} />
          </section>

          <LazyEventTicketsPanel
            eventId={event.id}
            isFree={event.isFree}
            isOpen={offerEvent.isOpen}
            access={offerEvent.access}
          />

          <LazyEventVendors event={event} isOwner={isOwner} />
        </div>

        <aside className="flex flex-col gap-4" aria-label={t`Event actions`}>
          <EventOfferBox event={offerEvent} className="hidden lg:flex" />
          {isOwner ? <LazyOwnerActions event={event} /> : null}
          <OrganizerCard organizer={event.organizer} />
          <ShareAndCalendar event={event} access={event.visibility === 'private' ? access : null} />
          {event.isOnline ? null : (
            // Offers and requests of rides to the event.
            <Link
              to={`/event-ryder/${event.id}`}
              className={buttonClasses({ variant: 'outline', className: 'justify-start' })}
            >
              <Car aria-hidden="true" className="size-4" />
              <Trans>Rides to this event</Trans>
            </Link>
          )}
          {/* A sponsored item for people interested in this kind of event. */}
          <LazySponsoredSlot
            placement="event_sidebar"
            layout="side"
            category={event.category}
            city={event.city ?? undefined}
            scope={event.id}
          />
          {/* Anyone signed in but the organizer may flag the event for moderators. */}
          <LazyReportButton
            targetType="event"
            targetId={event.id}
            authorId={event.organizer.id}
            what={t`this event`}
            variant="ghost"
            className="justify-start text-muted-foreground"
          />
        </aside>
      </div>
      <PhoneBuyBar event={offerEvent} />
    </article>
  );
}
