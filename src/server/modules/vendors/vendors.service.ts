import { msg } from '@lingui/core/macro';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AVATAR_MESSAGES } from '../../../contracts/accounts';
import {
  VENDOR_GALLERY_MAX,
  VENDOR_MESSAGES,
  type VendorDirectoryQuerySchema,
  type VendorOpportunity,
  type VendorOpportunityQuerySchema,
  type VendorPage,
  type VendorProfile,
  type VendorProfileInputSchema,
  type VendorRating,
  type VendorRatingInputSchema,
} from '../../../contracts/vendors';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { fitWebp, squareWebp } from '../../platform/storage/images';
import type { FileStore } from '../../platform/storage/storage';
import { canViewEvent } from '../events/events.service';
import type { OrderDeps } from '../orders/orders.service';
import { isVendorOrAdmin } from './vendors.policy';
import * as q from './vendors.queries';
import {
  presentOpportunity,
  presentProfile,
  presentRating,
  presentSummary,
} from './vendors.presenter';

export interface VendorDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
  /** Wakes the realtime hub so rows written here go out at once. */
  realtime: { poke(): void };
  /** The payment service's dependencies (vendor-fee checkouts). */
  orders: OrderDeps;
  /** Where an unexpected failure that the caller works around is reported. */
  logError?: (error: unknown, context: string) => void;
}

const GALLERY_FULL_PX = 1600;
const GALLERY_THUMB_PX = 400;

function requireVendor(user: AuthUser) {
  if (!isVendorOrAdmin(user)) throw new AppError('FORBIDDEN', VENDOR_MESSAGES.vendorsOnly);
}

// ---------- own profile ----------

export async function getMyVendorProfile(
  deps: Pick<VendorDeps, 'db'>,
  user: AuthUser,
): Promise<VendorProfile> {
  requireVendor(user);
  const row = await q.getVendorProfileRow(deps.db, { userId: user.id });
  if (!row) throw new AppError('NOT_FOUND', msg`Profile not found`);
  return presentProfile(row);
}

export async function saveMyVendorProfile(
  deps: Pick<VendorDeps, 'db' | 'clock'>,
  params: { user: AuthUser; input: z.output<typeof VendorProfileInputSchema> },
): Promise<VendorProfile> {
  requireVendor(params.user);
  const { businessName, category, ...values } = params.input;
  await deps.db.transaction((tx) =>
    q.saveVendorProfile(tx, {
      userId: params.user.id,
      now: deps.clock.now(),
      businessName,
      category,
      values,
    }),
  );
  return getMyVendorProfile(deps, params.user);
}

/** Stores an uploaded photo (resized WebP plus a square thumbnail) in the gallery. */
export async function addGalleryImage(
  deps: Pick<VendorDeps, 'db' | 'clock' | 'files'>,
  params: { user: AuthUser; data: Buffer },
): Promise<VendorProfile> {
  requireVendor(params.user);
  const current = await getMyVendorProfile(deps, params.user);
  if (current.gallery.length >= VENDOR_GALLERY_MAX)
    throw new AppError('CONFLICT', VENDOR_MESSAGES.galleryFull);
  const [full, thumb] = await Promise.all([
    fitWebp(params.data, GALLERY_FULL_PX),
    squareWebp(params.data, GALLERY_THUMB_PX),
  ]);
  if (!full || !thumb)
    throw new AppError('VALIDATION_FAILED', AVATAR_MESSAGES.notImage, {
      fields: [{ field: 'image', message: AVATAR_MESSAGES.notImage }],
    });
  const [url, thumbUrl] = await Promise.all([
    deps.files.put('vendor-gallery', 'webp', full.data),
    deps.files.put('vendor-gallery', 'webp', thumb),
  ]);
  const added = await q.appendGalleryImage(deps.db, {
    userId: params.user.id,
    image: { id: randomUUID(), url, thumbUrl },
    max: VENDOR_GALLERY_MAX,
    now: deps.clock.now(),
  });
  if (!added) {
    // Another upload filled the last place meanwhile.
    await Promise.all([deps.files.remove(url), deps.files.remove(thumbUrl)]);
    throw new AppError('CONFLICT', VENDOR_MESSAGES.galleryFull);
  }
  return getMyVendorProfile(deps, params.user);
}

export async function deleteGalleryImage(
  deps: Pick<VendorDeps, 'db' | 'clock' | 'files'>,
  params: { user: AuthUser; imageId: string },
): Promise<VendorProfile> {
  requireVendor(params.user);
  const removed = await deps.db.transaction((tx) =>
    q.removeGalleryImage(tx, {
      userId: params.user.id,
      imageId: params.imageId,
      now: deps.clock.now(),
    }),
  );
  if (!removed) throw new AppError('NOT_FOUND', VENDOR_MESSAGES.imageNotFound);
  await Promise.all([deps.files.remove(removed.url), deps.files.remove(removed.thumbUrl)]);
  return getMyVendorProfile(deps, params.user);
}

// ---------- directory and public page ----------

export async function listVendors(
  deps: Pick<VendorDeps, 'db'>,
  query: z.output<typeof VendorDirectoryQuerySchema>,
) {
  const { rows, total } = await q.findVendorDirectory(deps.db, query);
  return {
    vendors: rows.map((row) => ({
      ...presentSummary(row),
      description: row.description,
      serviceArea: row.serviceArea,
      priceFromCents: row.priceFromCents,
      ratingAverage: row.ratingAverage,
      ratingCount: row.ratingCount,
      eventsWorked: row.eventsWorked,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function getVendorPage(
  deps: Pick<VendorDeps, 'db'>,
  params: { vendorId: string },
): Promise<VendorPage> {
  const row = await q.getVendorProfileRow(deps.db, { userId: params.vendorId, vendorsOnly: true });
  if (!row) throw new AppError('NOT_FOUND', VENDOR_MESSAGES.notAVendor);
  const [worked, ratings, summary] = await Promise.all([
    q.findEventsWorked(deps.db, { vendorId: params.vendorId }),
    q.findVendorRatings(deps.db, { vendorId: params.vendorId }),
    q.ratingSummary(deps.db, { vendorId: params.vendorId }),
  ]);
  return {
    vendor: presentProfile(row),
    eventsWorked: worked.map((e) => ({ ...e, startsAt: e.startsAt.toISOString() })),
    ratings: ratings.map(presentRating),
    ratingAverage: summary.average,
    ratingCount: summary.count,
  };
}

/** An organizer rates a vendor who worked their event, once it has started (one per event). */
export async function rateVendor(
  deps: Pick<VendorDeps, 'db' | 'clock'>,
  params: { actor: AuthUser; vendorId: string; input: z.output<typeof VendorRatingInputSchema> },
): Promise<VendorRating> {
  const event = await q.getRateableEvent(deps.db, {
    eventId: params.input.eventId,
    vendorId: params.vendorId,
    organizerId: params.actor.id,
  });
  if (!event) throw new AppError('FORBIDDEN', VENDOR_MESSAGES.rateOnlyOrganizer);
  const now = deps.clock.now();
  if (event.startsAt > now)
    throw new AppError('UNPROCESSABLE', VENDOR_MESSAGES.rateAfterEvent, {
      fields: [{ field: 'body.eventId', message: VENDOR_MESSAGES.rateAfterEvent }],
    });
  const saved = await q.upsertRating(deps.db, {
    eventId: event.id,
    vendorId: params.vendorId,
    organizerId: params.actor.id,
    rating: params.input.rating,
    comment: params.input.comment?.trim() || null,
    now,
  });
  const rows = await q.findVendorRatings(deps.db, { vendorId: params.vendorId });
  const found = rows.find((r) => r.rating.id === saved?.id);
  if (!found) throw new Error('rating vanished after upsert');
  return presentRating(found);
}

// ---------- events asking for vendors ----------

async function myRequests(deps: Pick<VendorDeps, 'db'>, user: AuthUser | null, ids: string[]) {
  if (!user) return new Map<string, VendorOpportunity['myRequest']>();
  const rows = await q.findMyLatestRequests(deps.db, { vendorId: user.id, eventIds: ids });
  return new Map(
    [...rows].map(([eventId, r]) => [
      eventId,
      {
        id: r.id,
        status: r.status,
        paymentStatus: r.paymentStatus,
        createdAt: r.createdAt.toISOString(),
      },
    ]),
  );
}

export async function listOpportunities(
  deps: Pick<VendorDeps, 'db' | 'clock'>,
  params: { user: AuthUser | null; query: z.output<typeof VendorOpportunityQuerySchema> },
) {
  const rows = await q.findOpportunities(deps.db, {
    now: deps.clock.now(),
    category: params.query.category,
    limit: params.query.limit,
  });
  const ids = rows.map((r) => r.id);
  const [approved, mine] = await Promise.all([
    q.countApproved(deps.db, ids),
    myRequests(deps, params.user, ids),
  ]);
  return {
    events: rows.map((r) => presentOpportunity(r, approved.get(r.id) ?? 0, mine.get(r.id) ?? null)),
  };
}

export async function getEventVendorInfo(
  deps: Pick<VendorDeps, 'db'>,
  params: { user: AuthUser | null; eventId: string },
): Promise<VendorOpportunity> {
  const event = await q.getEventForVendors(deps.db, { eventId: params.eventId });
  if (!event || !canViewEvent(params.user, event))
    throw new AppError('NOT_FOUND', msg`Event not found`);
  const [approved, mine] = await Promise.all([
    q.countApproved(deps.db, [event.id]),
    myRequests(deps, params.user, [event.id]),
  ]);
  return presentOpportunity(event, approved.get(event.id) ?? 0, mine.get(event.id) ?? null);
}
