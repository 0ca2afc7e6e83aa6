import type { Event, EventDetail, OwnedEvent } from '../../../contracts/events';
import { canManageEvent } from './events.policy';
import type { EventWithOrganizer } from './events.queries';
import { isUuid } from '../../../contracts/ids';

export function coverImageUrls(base: string | null): Event['coverImage'] {
  return base
    ? { small: `${base}-small.webp`, medium: `${base}-medium.webp`, large: `${base}-large.webp` }
    : null;
}

/**
 * The public view of an event, for lists, search, organizer pages and anyone who is not its
 * owner or an admin: the organizer's sales, earnings and referral code stay out of it.
 */
export function presentEvent(row: EventWithOrganizer): Event {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    location: row.location,
    venueName: row.venueName,
    address: row.address,
    city: row.city,
    country: row.country,
    isOnline: row.isOnline,
    onlineUrl: row.onlineUrl,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    timezone: row.timezone,
    date: row.date,
    time: row.time,
    capacity: row.capacity,
    isFree: row.isFree,
    eventStatus: row.eventStatus,
    visibility: row.visibility,
    attendeeVisibility: row.attendeeVisibility,
    isReferralBased: row.isReferralBased,
    vendorFeeAmount: row.vendorFeeAmount,
    currency: row.currency as Event['currency'],
    coverImage: coverImageUrls(row.coverImage),
    metadata: row.metadata,
    organizer: row.organizer,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** The owner's and admins' view: the public one plus the organizer's own figures. */
export function presentOwnedEvent(row: EventWithOrganizer): OwnedEvent {
  return {
    ...presentEvent(row),
    referralCode: row.referralCode,
    totalTicketsSold: row.totalTicketsSold,
    freeTicketsSold: row.freeTicketsSold,
    paidTicketsSold: row.paidTicketsSold,
    signupCount: row.signupCount,
    earnings: row.earnings,
    accessToken: row.accessToken,
  };
}

/** One event as this viewer may read it (events.policy decides who manages it). */
export function presentEventFor(
  viewer: Parameters<typeof canManageEvent>[0],
  row: EventWithOrganizer,
): EventDetail {
  return canManageEvent(viewer, row)
    ? presentOwnedEvent(row)
    : { ...presentEvent(row), accessToken: null };
}

export function encodeCursor(row: Pick<EventWithOrganizer, 'createdAt' | 'id'>): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !isUuid(id)) return null;
  return { createdAt, id };
}
