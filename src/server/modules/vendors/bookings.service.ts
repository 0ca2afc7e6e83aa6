import { msg } from '@lingui/core/macro';
import type { z } from 'zod';
import {
  VENDOR_MESSAGES,
  resolveVendorFee,
  vendorDisplayName,
  type Booking,
  type BookingListQuerySchema,
  type BookingStatus,
  type CreateBookingInputSchema,
  type VendorTracker,
} from '../../../contracts/vendors';
import type { AuthUser } from '../../platform/auth/sessions';
import { hasRole } from '../../platform/auth/guards';
import { AppError } from '../../platform/http/errors';
import { must } from '../../platform/must';
import { openBookingChat } from '../messaging/messaging.service';
import { createNotifications } from '../notifications/notifications.service';
import * as b from './bookings.queries';
import * as q from './vendors.queries';
import { canManageVendorsOf } from './vendors.policy';
import { presentSummary } from './vendors.presenter';
import type { VendorDeps } from './vendors.service';
import * as N from './vendor-notices';

const notFound = () => new AppError('NOT_FOUND', msg`Hire request not found`);

type Row = NonNullable<Awaited<ReturnType<typeof b.getBooking>>>;

function present(row: Row): Booking {
  return {
    id: row.booking.id,
    status: row.booking.status,
    message: row.booking.message,
    event: row.event,
    organizer: {
      id: row.booking.organizerId,
      name: row.organizerName,
      avatarUrl: row.organizerAvatarUrl,
    },
    vendor: presentSummary(row.vendor),
    chatId: row.chatId,
    createdAt: row.booking.createdAt.toISOString(),
    updatedAt: row.booking.updatedAt.toISOString(),
    respondedAt: row.booking.respondedAt?.toISOString() ?? null,
  };
}

/** The title of a booking's chat (and of its header): who is hired for what. */
export const bookingTitle = (vendorName: string, eventTitle: string) =>
  `${vendorName} · ${eventTitle}`;

/**
 * An organizer asks a vendor to work one of their events: a pending booking and its chat
 * between the two, in one transaction; the vendor is told.
 */
export async function createBooking(
  deps: Pick<VendorDeps, 'db' | 'clock' | 'realtime'>,
  params: { actor: AuthUser; input: z.output<typeof CreateBookingInputSchema> },
): Promise<Booking> {
  const { actor, input } = params;
  const event = await q.getEventForVendors(deps.db, { eventId: input.eventId });
  if (!event) throw new AppError('NOT_FOUND', msg`Event not found`);
  if (!canManageVendorsOf(actor, event))
    throw new AppError('FORBIDDEN', VENDOR_MESSAGES.onlyOwnEvents);
  const vendor = await q.getUserContact(deps.db, { userId: input.vendorId });
  if (!vendor || vendor.userType !== 'vendor')
    throw new AppError('NOT_FOUND', VENDOR_MESSAGES.notAVendor);
  const vendorName = vendorDisplayName(vendor);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const row = await b.insertBooking(tx, {
      eventId: event.id,
      organizerId: event.userId,
      vendorId: vendor.id,
      message: input.message,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) return null;
    const chatId = await openBookingChat(tx, {
      bookingId: row.id,
      organizerId: event.userId,
      vendorId: vendor.id,
      title: bookingTitle(vendorName, event.title),
    });
    await createNotifications(tx, [
      {
        userId: vendor.id,
        type: 'vendor_request_update',
        title: N.TITLES.newHireRequest,
        message: N.wouldHire(event.organizerName, event.title),
        relatedId: chatId,
        relatedType: 'messages',
        metadata: {
          booking_id: row.id,
          chat_id: chatId,
          event_id: event.id,
          event_title: event.title,
          event_date: event.date,
          event_location: event.location,
          organizer_id: event.userId,
          sender_name: event.organizerName,
        },
        createdAt: now,
      },
    ]);
    return row.id;
  });
  if (!id) throw new AppError('CONFLICT', VENDOR_MESSAGES.bookingOpen);
  deps.realtime.poke();
  return present(must(await b.getBooking(deps.db, { bookingId: id }), 'new booking'));
}

export async function listBookings(
  deps: Pick<VendorDeps, 'db'>,
  params: { actor: AuthUser; query: z.output<typeof BookingListQuerySchema> },
) {
  const rows = await b.findBookings(deps.db, { userId: params.actor.id, ...params.query });
  return { bookings: rows.map(present) };
}

export async function getBookingFor(
  deps: Pick<VendorDeps, 'db'>,
  params: { actor: AuthUser; bookingId: string },
): Promise<Booking> {
  // The routes' schema checked `bookingId` is a uuid.
  const row = await b.getBooking(deps.db, {
    bookingId: params.bookingId,
    viewerId: hasRole(params.actor, 'admin') ? undefined : params.actor.id,
  });
  if (!row) throw notFound();
  return present(row);
}

const ANSWERS = {
  accept: { to: 'accepted', from: ['pending'] },
  decline: { to: 'declined', from: ['pending'] },
  cancel: { to: 'cancelled', from: ['pending', 'accepted'] },
} as const satisfies Record<string, { to: BookingStatus; from: BookingStatus[] }>;

/** The vendor accepts or declines; the organizer cancels. The other side is told. */
export async function answerBooking(
  deps: Pick<VendorDeps, 'db' | 'clock' | 'realtime'>,
  params: { actor: AuthUser; bookingId: string; answer: keyof typeof ANSWERS },
): Promise<Booking> {
  const current = await getBookingFor(deps, params);
  const rule = ANSWERS[params.answer];
  const byOrganizer = params.answer === 'cancel';
  const admin = hasRole(params.actor, 'admin');
  const allowed = byOrganizer
    ? current.organizer.id === params.actor.id || admin
    : current.vendor.id === params.actor.id || admin;
  if (!allowed)
    throw new AppError(
      'FORBIDDEN',
      byOrganizer
        ? msg`Only the organizer can cancel this hire request`
        : msg`Only the vendor can answer this hire request`,
    );
  const now = deps.clock.now();
  const changed = await deps.db.transaction(async (tx) => {
    const row = await b.transitionBooking(tx, {
      bookingId: current.id,
      from: [...rule.from],
      to: rule.to,
      party: byOrganizer ? { organizerId: current.organizer.id } : { vendorId: current.vendor.id },
      now,
    });
    if (!row) return false;
    const recipient = byOrganizer ? current.vendor.id : current.organizer.id;
    const who = byOrganizer ? current.organizer.name : current.vendor.displayName;
    await createNotifications(tx, [
      {
        userId: recipient,
        type: 'vendor_request_update',
        title: N.hireAnsweredTitle(params.answer),
        message: N.hireAnswered(params.answer, who, current.event.title),
        relatedId: current.chatId,
        relatedType: current.chatId ? 'messages' : null,
        metadata: {
          booking_id: current.id,
          chat_id: current.chatId,
          event_id: current.event.id,
          event_title: current.event.title,
          status: rule.to,
          sender_name: who,
        },
        dedupeKey: `booking:${current.id}:${rule.to}`,
        createdAt: now,
      },
    ]);
    return true;
  });
  if (!changed)
    throw new AppError(
      'CONFLICT',
      byOrganizer ? VENDOR_MESSAGES.bookingClosed : VENDOR_MESSAGES.bookingNotPending,
    );
  deps.realtime.poke();
  return getBookingFor(deps, params);
}

// ---------- tracker ----------

/** For each of the organizer's events: who is invited, applied, approved and paid. */
export async function getTracker(
  deps: Pick<VendorDeps, 'db'>,
  actor: AuthUser,
): Promise<VendorTracker> {
  const own = await b.findOwnEvents(deps.db, { ownerId: actor.id });
  const rows = await b.findTrackerRows(deps.db, { eventIds: own.map((e) => e.id) });
  const people = new Map(
    (await b.findPeople(deps.db, [...new Set(rows.map((r) => r.vendor_id))])).map((p) => [
      p.id,
      presentSummary(p),
    ]),
  );
  return {
    events: own.map((event) => {
      const mine = rows
        .filter((r) => r.event_id === event.id)
        .flatMap((r) => {
          const vendor = people.get(r.vendor_id);
          if (!vendor) return [];
          return [
            {
              vendor,
              invited: r.booking_status,
              bookingId: r.booking_id,
              applied: r.request_status,
              requestId: r.request_id,
              approved: r.payment_status !== null,
              paymentStatus: r.payment_status,
              paid: r.payment_status === 'paid',
            },
          ];
        })
        .sort((x, y) => x.vendor.displayName.localeCompare(y.vendor.displayName));
      return {
        event: {
          id: event.id,
          title: event.title,
          date: event.date,
          time: event.time,
          startsAt: event.startsAt.toISOString(),
          organizerId: event.organizerId,
          currency: event.currency,
        },
        vendorFee: resolveVendorFee(event),
        rows: mine,
        counts: {
          invited: mine.filter((r) => r.invited !== null).length,
          applied: mine.filter((r) => r.applied !== null).length,
          approved: mine.filter((r) => r.approved).length,
          paid: mine.filter((r) => r.paid).length,
        },
      };
    }),
  };
}
