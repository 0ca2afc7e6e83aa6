import { and, asc, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { VendorPaymentStatus, VendorRequestStatus } from '../../../contracts/vendors';
import type { DbExecutor } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventParticipants } from '../../db/schema/messaging';
import { notifications } from '../../db/schema/notifications';
import { orders } from '../../db/schema/tickets';
import { profiles } from '../../db/schema/users';
import { eventVendors, vendorRequests } from '../../db/schema/vendors';
import { organizerProfile, personFields, type VendorRequestRow } from './vendors.queries';

// Vendors applying to events and organizers answering: the requests, the event's vendor rows,
// the fee's payment state, and the changes a reconnecting socket catches up on.

// ---------- applications ----------

export async function insertRequest(
  db: DbExecutor,
  values: Pick<
    typeof vendorRequests.$inferInsert,
    'eventId' | 'vendorId' | 'organizerId' | 'message' | 'services' | 'links' | 'createdAt'
  >,
): Promise<VendorRequestRow | null> {
  // The partial unique index (one pending per vendor and event) turns a duplicate into no row.
  const [row] = await db.insert(vendorRequests).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function getEventVendor(
  db: DbExecutor,
  params: { eventId: string; vendorId: string },
) {
  const [row] = await db
    .select()
    .from(eventVendors)
    .where(
      and(eq(eventVendors.eventId, params.eventId), eq(eventVendors.vendorId, params.vendorId)),
    );
  return row ?? null;
}

/**
 * An event's requests with their vendor: all of them for `vendorId` undefined (the owner, an
 * admin), else only that vendor's own.
 */
export async function findRequestsForEvent(
  db: DbExecutor,
  params: { eventId: string; vendorId?: string },
) {
  return db
    .select({
      request: vendorRequests,
      vendor: personFields,
      paymentStatus: eventVendors.paymentStatus,
      vendorFeeAmount: eventVendors.vendorFeeAmount,
    })
    .from(vendorRequests)
    .innerJoin(profiles, eq(profiles.id, vendorRequests.vendorId))
    .leftJoin(
      eventVendors,
      and(
        eq(eventVendors.eventId, vendorRequests.eventId),
        eq(eventVendors.vendorId, vendorRequests.vendorId),
        eq(eventVendors.requestId, vendorRequests.id),
      ),
    )
    .where(
      and(
        eq(vendorRequests.eventId, params.eventId),
        params.vendorId ? eq(vendorRequests.vendorId, params.vendorId) : undefined,
      ),
    )
    .orderBy(desc(vendorRequests.createdAt), desc(vendorRequests.id));
}

/** spec §4 on load: the organizer's unread requests for the event become read. */
export async function markRequestsRead(
  db: DbExecutor,
  params: { eventId: string; organizerId: string },
): Promise<string[]> {
  const rows = await db
    .update(vendorRequests)
    .set({ read: true })
    .where(
      and(
        eq(vendorRequests.eventId, params.eventId),
        eq(vendorRequests.organizerId, params.organizerId),
        eq(vendorRequests.read, false),
      ),
    )
    .returning({ id: vendorRequests.id });
  return rows.map((r) => r.id);
}

/** The organizer's vendor_request notifications about this event's requests become read. */
export async function markRequestNotificationsRead(
  db: DbExecutor,
  params: { organizerId: string; eventId: string },
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(
        eq(notifications.userId, params.organizerId),
        eq(notifications.type, 'vendor_request'),
        eq(notifications.read, false),
        sql`${notifications.relatedId} in (select id::text from vendor_requests where event_id = ${params.eventId})`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function getRequest(db: DbExecutor, params: { eventId: string; requestId: string }) {
  const [row] = await db
    .select()
    .from(vendorRequests)
    .where(
      and(eq(vendorRequests.id, params.requestId), eq(vendorRequests.eventId, params.eventId)),
    );
  return row ?? null;
}

export async function lockRequest(tx: DbExecutor, params: { requestId: string }) {
  const [row] = await tx
    .select()
    .from(vendorRequests)
    .where(eq(vendorRequests.id, params.requestId))
    .for('update');
  return row ?? null;
}

export async function setRequestStatus(
  tx: DbExecutor,
  params: { requestId: string; status: VendorRequestStatus },
): Promise<VendorRequestRow> {
  const [row] = await tx
    .update(vendorRequests)
    .set({ status: params.status })
    .where(eq(vendorRequests.id, params.requestId))
    .returning();
  if (!row) throw new Error(`vendor request ${params.requestId} vanished under its lock`);
  return row;
}

/** spec §4: upsert into event_vendors on event_id + vendor_id; a paid fee stays paid. */
export async function upsertEventVendor(
  tx: DbExecutor,
  params: {
    eventId: string;
    vendorId: string;
    requestId: string;
    feeAmount: number | null;
    paymentStatus: VendorPaymentStatus;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(eventVendors)
    .values({
      eventId: params.eventId,
      vendorId: params.vendorId,
      requestId: params.requestId,
      status: 'approved',
      vendorFeeAmount: params.feeAmount,
      paymentStatus: params.paymentStatus,
      createdAt: params.now,
      updatedAt: params.now,
    })
    .onConflictDoUpdate({
      target: [eventVendors.eventId, eventVendors.vendorId],
      set: {
        requestId: params.requestId,
        status: 'approved',
        vendorFeeAmount: params.feeAmount,
        paymentStatus: sql`case when ${eventVendors.paymentStatus} = 'paid' then 'paid'::vendor_payment_status else excluded.payment_status end`,
        updatedAt: params.now,
      },
    })
    .returning();
  if (!row) throw new Error('event_vendors upsert returned nothing');
  return row;
}

/** spec §4: upsert into event_participants on event_id + user_id, role vendor. */
export async function upsertVendorParticipant(
  tx: DbExecutor,
  params: { eventId: string; userId: string; canAccessChat: boolean; now: Date },
) {
  await tx
    .insert(eventParticipants)
    .values({
      eventId: params.eventId,
      userId: params.userId,
      role: 'vendor',
      canAccessChat: params.canAccessChat,
      createdAt: params.now,
    })
    .onConflictDoUpdate({
      target: [eventParticipants.eventId, eventParticipants.userId],
      set: {
        role: 'vendor',
        canAccessChat: sql`${eventParticipants.canAccessChat} or excluded.can_access_chat`,
      },
    });
}

/** The fee arrived: pending → paid once; null when there was nothing pending. */
export async function markVendorPaid(
  tx: DbExecutor,
  params: { eventId: string; vendorId: string; orderId: string; now: Date },
) {
  const [row] = await tx
    .update(eventVendors)
    .set({
      paymentStatus: 'paid',
      paidAt: params.now,
      paidOrderId: params.orderId,
      updatedAt: params.now,
    })
    .where(
      and(
        eq(eventVendors.eventId, params.eventId),
        eq(eventVendors.vendorId, params.vendorId),
        ne(eventVendors.paymentStatus, 'paid'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The vendor's own applications, newest first. */
export async function findApplicationsOfVendor(db: DbExecutor, params: { vendorId: string }) {
  return db
    .select({
      request: vendorRequests,
      event: {
        id: events.id,
        title: events.title,
        date: events.date,
        time: events.time,
        startsAt: events.startsAt,
        location: events.location,
        organizerId: events.userId,
        currency: events.currency,
      },
      organizerName: sql<string>`coalesce(nullif(trim(${organizerProfile.businessName}), ''), ${organizerProfile.fullName})`,
      organizerAvatarUrl: organizerProfile.avatarUrl,
      paymentStatus: eventVendors.paymentStatus,
      vendorFeeAmount: eventVendors.vendorFeeAmount,
      canAccessChat: eventParticipants.canAccessChat,
    })
    .from(vendorRequests)
    .innerJoin(events, eq(events.id, vendorRequests.eventId))
    .innerJoin(organizerProfile, eq(organizerProfile.id, events.userId))
    .leftJoin(
      eventVendors,
      and(
        eq(eventVendors.eventId, vendorRequests.eventId),
        eq(eventVendors.vendorId, vendorRequests.vendorId),
        eq(eventVendors.requestId, vendorRequests.id),
      ),
    )
    .leftJoin(
      eventParticipants,
      and(
        eq(eventParticipants.eventId, vendorRequests.eventId),
        eq(eventParticipants.userId, vendorRequests.vendorId),
      ),
    )
    .where(eq(vendorRequests.vendorId, params.vendorId))
    .orderBy(desc(vendorRequests.createdAt), desc(vendorRequests.id));
}

/** The order behind a checkout session (to cancel a spare vendor-fee checkout). */
export async function findOrderIdBySession(db: DbExecutor, params: { sessionId: string }) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentSessionId, params.sessionId), eq(orders.kind, 'vendor_fee')));
  return row?.id ?? null;
}

// ---------- realtime ----------

/** A reconnecting user's changed requests (as organizer or vendor) after `since`. */
export async function requestChangesFor(
  db: DbExecutor,
  params: { userId: string; since: number; limit: number },
): Promise<VendorRequestRow[]> {
  return db
    .select()
    .from(vendorRequests)
    .where(
      and(
        or(
          eq(vendorRequests.organizerId, params.userId),
          eq(vendorRequests.vendorId, params.userId),
        ),
        gt(vendorRequests.seq, params.since),
      ),
    )
    .orderBy(asc(vendorRequests.seq))
    .limit(params.limit);
}
