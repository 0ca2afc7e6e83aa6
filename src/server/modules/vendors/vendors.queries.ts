import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  GalleryImage,
  VendorDirectorySort,
  VendorPaymentStatus,
  VendorRequestStatus,
} from '../../../contracts/vendors';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { profiles, users } from '../../db/schema/users';
import {
  eventVendors,
  vendorProfiles,
  vendorRatings,
  vendorRequests,
} from '../../db/schema/vendors';
import { containsPattern } from '../../db/like-pattern';

export type VendorRequestRow = typeof vendorRequests.$inferSelect;

/** A vendor's category: the one chosen on the profile, else the service picked at sign-up. */
const vendorCategory = sql<string | null>`coalesce(${profiles.category}, ${profiles.service})`;

/** The person fields every vendor card shows. */
export const personFields = {
  id: profiles.id,
  fullName: profiles.fullName,
  businessName: profiles.businessName,
  avatarUrl: profiles.avatarUrl,
  category: vendorCategory,
};

// ---------- profiles ----------

export async function getVendorProfileRow(
  db: DbExecutor,
  params: { userId: string; vendorsOnly?: boolean },
) {
  const [row] = await db
    .select({
      ...personFields,
      userType: profiles.userType,
      profileCreatedAt: profiles.createdAt,
      vendor: vendorProfiles,
    })
    .from(profiles)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, profiles.id))
    .where(
      and(
        eq(profiles.id, params.userId),
        params.vendorsOnly ? eq(profiles.userType, 'vendor') : undefined,
      ),
    );
  return row ?? null;
}
export type VendorProfileRow = NonNullable<Awaited<ReturnType<typeof getVendorProfileRow>>>;

export async function saveVendorProfile(
  tx: DbExecutor,
  params: {
    userId: string;
    now: Date;
    businessName: string;
    category: string;
    values: Pick<
      typeof vendorProfiles.$inferInsert,
      'description' | 'services' | 'links' | 'serviceArea' | 'availability'
    >;
  },
) {
  await tx
    .update(profiles)
    .set({ businessName: params.businessName, category: params.category, updatedAt: params.now })
    .where(eq(profiles.id, params.userId));
  await tx
    .insert(vendorProfiles)
    .values({
      userId: params.userId,
      ...params.values,
      completedAt: params.now,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .onConflictDoUpdate({
      target: vendorProfiles.userId,
      set: {
        ...params.values,
        completedAt: sql`coalesce(${vendorProfiles.completedAt}, ${params.now})`,
        updatedAt: params.now,
      },
    });
}

/** Appends an image unless the gallery is full; false when it was full. */
export async function appendGalleryImage(
  db: DbExecutor,
  params: { userId: string; image: GalleryImage; max: number; now: Date },
): Promise<boolean> {
  await db
    .insert(vendorProfiles)
    .values({ userId: params.userId, createdAt: params.now, updatedAt: params.now })
    .onConflictDoNothing();
  const updated = await db
    .update(vendorProfiles)
    .set({
      gallery: sql`${vendorProfiles.gallery} || ${JSON.stringify([params.image])}::jsonb`,
      updatedAt: params.now,
    })
    .where(
      and(
        eq(vendorProfiles.userId, params.userId),
        sql`jsonb_array_length(${vendorProfiles.gallery}) < ${params.max}`,
      ),
    )
    .returning({ userId: vendorProfiles.userId });
  return updated.length > 0;
}

/** Removes one image from the owner's gallery; returns it, or null when it is not there. */
export async function removeGalleryImage(
  tx: DbExecutor,
  params: { userId: string; imageId: string; now: Date },
): Promise<GalleryImage | null> {
  const [row] = await tx
    .select({ gallery: vendorProfiles.gallery })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, params.userId))
    .for('update');
  const image = row?.gallery.find((g) => g.id === params.imageId);
  if (!row || !image) return null;
  await tx
    .update(vendorProfiles)
    .set({ gallery: row.gallery.filter((g) => g.id !== params.imageId), updatedAt: params.now })
    .where(eq(vendorProfiles.userId, params.userId));
  return image;
}

// ---------- directory and public page ----------

const ratingAverage = sql<
  number | null
>`(select round(avg(r.rating)::numeric, 2)::float from vendor_ratings r where r.vendor_id = ${profiles.id})`;
const ratingCount = sql<number>`(select count(*)::int from vendor_ratings r where r.vendor_id = ${profiles.id})`;
const eventsWorkedCount = sql<number>`(select count(*)::int from event_vendors ev where ev.vendor_id = ${profiles.id})`;
const priceFrom = sql<
  number | null
>`(select min((s->>'priceMinCents')::bigint)::int from jsonb_array_elements(${vendorProfiles.services}) s where jsonb_typeof(s->'priceMinCents') = 'number')`;

export async function findVendorDirectory(
  db: DbExecutor,
  params: {
    q?: string;
    category?: string;
    area?: string;
    sort: VendorDirectorySort;
    page: number;
    pageSize: number;
  },
) {
  const where = and(
    eq(profiles.userType, 'vendor'),
    params.q
      ? (or(
          sql`${profiles.businessName} ilike ${containsPattern(params.q)}`,
          sql`${profiles.fullName} ilike ${containsPattern(params.q)}`,
          sql`${vendorProfiles.description} ilike ${containsPattern(params.q)}`,
        ) as SQL)
      : undefined,
    params.category ? sql`${vendorCategory} = ${params.category}` : undefined,
    params.area
      ? sql`${vendorProfiles.serviceArea} ilike ${containsPattern(params.area)}`
      : undefined,
  );
  const displayName = sql`lower(coalesce(nullif(trim(${profiles.businessName}), ''), ${profiles.fullName}))`;
  const order: SQL[] =
    params.sort === 'name'
      ? [sql`${displayName} asc`]
      : params.sort === 'rating'
        ? [sql`${ratingAverage} desc nulls last`, sql`${ratingCount} desc`]
        : [sql`${profiles.createdAt} desc`];
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...personFields,
        description: sql<string>`coalesce(${vendorProfiles.description}, '')`,
        serviceArea: sql<string>`coalesce(${vendorProfiles.serviceArea}, '')`,
        priceFromCents: priceFrom,
        ratingAverage,
        ratingCount,
        eventsWorked: eventsWorkedCount,
        createdAt: profiles.createdAt,
      })
      .from(profiles)
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, profiles.id))
      .where(where)
      .orderBy(...order, asc(profiles.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(profiles)
      .leftJoin(vendorProfiles, eq(vendorProfiles.userId, profiles.id))
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Public events the vendor was approved for (no drafts or private events). */
export async function findEventsWorked(db: DbExecutor, params: { vendorId: string }) {
  return db
    .select({
      eventId: events.id,
      title: events.title,
      date: events.date,
      time: events.time,
      location: events.location,
      startsAt: events.startsAt,
    })
    .from(eventVendors)
    .innerJoin(events, eq(events.id, eventVendors.eventId))
    .where(
      and(
        eq(eventVendors.vendorId, params.vendorId),
        eq(events.visibility, 'public'),
        inArray(events.eventStatus, ['published', 'expired']),
      ),
    )
    .orderBy(desc(events.startsAt))
    .limit(50);
}

export async function findVendorRatings(db: DbExecutor, params: { vendorId: string }) {
  const organizer = alias(profiles, 'organizer');
  return db
    .select({
      rating: vendorRatings,
      eventTitle: events.title,
      organizerName: sql<string>`coalesce(nullif(trim(${organizer.businessName}), ''), ${organizer.fullName})`,
      organizerAvatarUrl: organizer.avatarUrl,
    })
    .from(vendorRatings)
    .innerJoin(events, eq(events.id, vendorRatings.eventId))
    .innerJoin(organizer, eq(organizer.id, vendorRatings.organizerId))
    .where(eq(vendorRatings.vendorId, params.vendorId))
    .orderBy(desc(vendorRatings.createdAt))
    .limit(100);
}

export async function ratingSummary(db: DbExecutor, params: { vendorId: string }) {
  const [row] = await db
    .select({
      average: sql<number | null>`round(avg(${vendorRatings.rating})::numeric, 2)::float`,
      count: sql<number>`count(*)::int`,
    })
    .from(vendorRatings)
    .where(eq(vendorRatings.vendorId, params.vendorId));
  return { average: row?.average ?? null, count: row?.count ?? 0 };
}

/** The organizer's own event that this vendor was approved for (the right to rate). */
export async function getRateableEvent(
  db: DbExecutor,
  params: { eventId: string; vendorId: string; organizerId: string },
) {
  const [row] = await db
    .select({ id: events.id, startsAt: events.startsAt })
    .from(events)
    .innerJoin(
      eventVendors,
      and(eq(eventVendors.eventId, events.id), eq(eventVendors.vendorId, params.vendorId)),
    )
    .where(and(eq(events.id, params.eventId), eq(events.userId, params.organizerId)));
  return row ?? null;
}

export async function upsertRating(
  db: DbExecutor,
  params: {
    eventId: string;
    vendorId: string;
    organizerId: string;
    rating: number;
    comment: string | null;
    now: Date;
  },
) {
  const [row] = await db
    .insert(vendorRatings)
    .values({ ...params, createdAt: params.now, updatedAt: params.now })
    .onConflictDoUpdate({
      target: [vendorRatings.eventId, vendorRatings.vendorId],
      set: {
        rating: params.rating,
        comment: params.comment,
        organizerId: params.organizerId,
        updatedAt: params.now,
      },
    })
    .returning({ id: vendorRatings.id });
  return row;
}

// ---------- events ----------

export const organizerProfile = alias(profiles, 'organizer');
const eventFields = {
  id: events.id,
  title: events.title,
  date: events.date,
  time: events.time,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  location: events.location,
  category: events.category,
  userId: events.userId,
  vendorFeeAmount: events.vendorFeeAmount,
  currency: events.currency,
  metadata: events.metadata,
  eventStatus: events.eventStatus,
  visibility: events.visibility,
  accessToken: events.accessToken,
  organizerName: sql<string>`coalesce(nullif(trim(${organizerProfile.businessName}), ''), ${organizerProfile.fullName})`,
  organizerAvatarUrl: organizerProfile.avatarUrl,
};

export async function getEventForVendors(db: DbExecutor, params: { eventId: string }) {
  const [row] = await db
    .select(eventFields)
    .from(events)
    .innerJoin(organizerProfile, eq(organizerProfile.id, events.userId))
    .where(eq(events.id, params.eventId));
  return row ?? null;
}
export type VendorEventRow = NonNullable<Awaited<ReturnType<typeof getEventForVendors>>>;

/** Published public events still ahead that name a vendor fee or vendor requirements. */
export async function findOpportunities(
  db: DbExecutor,
  params: { now: Date; category?: string; limit: number },
) {
  return db
    .select(eventFields)
    .from(events)
    .innerJoin(organizerProfile, eq(organizerProfile.id, events.userId))
    .where(
      and(
        eq(events.eventStatus, 'published'),
        eq(events.visibility, 'public'),
        gt(events.startsAt, params.now),
        or(
          sql`${events.vendorFeeAmount} is not null`,
          sql`jsonb_typeof(${events.metadata}->'vendor_requirements') = 'object'`,
        ),
        params.category
          ? sql`(${events.metadata}->'vendor_requirements'->'categories') ? ${params.category}`
          : undefined,
      ),
    )
    .orderBy(asc(events.startsAt))
    .limit(params.limit);
}

export async function countApproved(db: DbExecutor, eventIds: string[]) {
  if (!eventIds.length) return new Map<string, number>();
  const rows = await db
    .select({ eventId: eventVendors.eventId, n: sql<number>`count(*)::int` })
    .from(eventVendors)
    .where(inArray(eventVendors.eventId, eventIds))
    .groupBy(eventVendors.eventId);
  return new Map(rows.map((r) => [r.eventId, r.n]));
}

/** The caller's latest request per event, with the approval's payment state. */
export async function findMyLatestRequests(
  db: DbExecutor,
  params: { vendorId: string; eventIds: string[] },
) {
  if (!params.eventIds.length) return new Map<string, MyRequestRow>();
  const rows = await db
    .selectDistinctOn([vendorRequests.eventId], {
      id: vendorRequests.id,
      eventId: vendorRequests.eventId,
      status: vendorRequests.status,
      createdAt: vendorRequests.createdAt,
      paymentStatus: eventVendors.paymentStatus,
    })
    .from(vendorRequests)
    .leftJoin(
      eventVendors,
      and(
        eq(eventVendors.eventId, vendorRequests.eventId),
        eq(eventVendors.vendorId, vendorRequests.vendorId),
      ),
    )
    .where(
      and(
        eq(vendorRequests.vendorId, params.vendorId),
        inArray(vendorRequests.eventId, params.eventIds),
      ),
    )
    .orderBy(vendorRequests.eventId, desc(vendorRequests.createdAt));
  return new Map(rows.map((r) => [r.eventId, r]));
}
interface MyRequestRow {
  id: string;
  eventId: string;
  status: VendorRequestStatus;
  createdAt: Date;
  paymentStatus: VendorPaymentStatus | null;
}

// ---------- people ----------

export async function getUserContact(db: DbExecutor, params: { userId: string }) {
  const [row] = await db
    .select({ ...personFields, email: users.email, userType: profiles.userType })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, params.userId));
  return row ?? null;
}
