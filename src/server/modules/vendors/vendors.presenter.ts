import type {
  VendorOpportunity,
  VendorProfile,
  VendorRating,
  VendorRequest,
  VendorSummary,
} from '../../../contracts/vendors';
import {
  readVendorRequirements,
  resolveVendorFee,
  vendorDisplayCategory,
  vendorDisplayName,
  vendorFeeCents,
} from '../../../contracts/vendors';
import type * as q from './vendors.queries';

// Rows to the response shapes of the vendors' API and realtime events.

export function presentSummary(p: {
  id: string;
  fullName: string;
  businessName: string | null;
  avatarUrl: string | null;
  category: string | null;
}): VendorSummary {
  return {
    id: p.id,
    fullName: p.fullName,
    businessName: p.businessName,
    avatarUrl: p.avatarUrl,
    category: p.category,
    displayName: vendorDisplayName(p),
    displayCategory: vendorDisplayCategory(p),
  };
}

export function presentProfile(row: q.VendorProfileRow): VendorProfile {
  const v = row.vendor;
  return {
    ...presentSummary(row),
    description: v?.description ?? '',
    services: v?.services ?? [],
    links: v?.links ?? {},
    gallery: v?.gallery ?? [],
    serviceArea: v?.serviceArea ?? '',
    availability: v?.availability ?? '',
    isComplete: Boolean(v?.completedAt),
    createdAt: (v?.createdAt ?? row.profileCreatedAt).toISOString(),
    updatedAt: (v?.updatedAt ?? row.profileCreatedAt).toISOString(),
  };
}

export function presentRating(
  row: Awaited<ReturnType<typeof q.findVendorRatings>>[number],
): VendorRating {
  return {
    id: row.rating.id,
    vendorId: row.rating.vendorId,
    eventId: row.rating.eventId,
    eventTitle: row.eventTitle,
    organizer: {
      id: row.rating.organizerId,
      name: row.organizerName,
      avatarUrl: row.organizerAvatarUrl,
    },
    rating: row.rating.rating,
    comment: row.rating.comment,
    createdAt: row.rating.createdAt.toISOString(),
  };
}

export function presentOpportunity(
  event: q.VendorEventRow,
  approvedCount: number,
  mine: VendorOpportunity['myRequest'],
): VendorOpportunity {
  const requirements = readVendorRequirements(event.metadata);
  const params = new URLSearchParams({ event: event.id, name: event.title });
  return {
    eventId: event.id,
    title: event.title,
    date: event.date,
    time: event.time,
    startsAt: event.startsAt.toISOString(),
    location: event.location,
    category: event.category,
    organizer: { id: event.userId, name: event.organizerName, avatarUrl: event.organizerAvatarUrl },
    vendorFee: resolveVendorFee(event),
    vendorFeeCents: vendorFeeCents(event),
    currency: event.currency,
    categories: requirements.categories ?? [],
    spots: requirements.spots ?? null,
    approvedCount,
    applyPath: `/vendors/apply?${params.toString()}`,
    myRequest: mine,
  };
}

export function presentRequest(row: q.VendorRequestRow): VendorRequest {
  return {
    id: row.id,
    eventId: row.eventId,
    vendorId: row.vendorId,
    organizerId: row.organizerId,
    status: row.status,
    message: row.message,
    read: row.read,
    services: row.services,
    links: row.links,
    createdAt: row.createdAt.toISOString(),
    updatedAt: (row.updatedAt ?? row.createdAt).toISOString(),
    seq: row.seq,
  };
}
