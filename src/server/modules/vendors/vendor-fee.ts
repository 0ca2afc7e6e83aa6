import type { FulfilOther } from '../module';
import { joinEventChat } from '../messaging/messaging.service';
import { createNotifications } from '../notifications/notifications.service';
import { vendorDisplayName } from '../../../contracts/vendors';
import * as rq from './vendor-requests.queries';
import * as q from './vendors.queries';
import * as N from './vendor-notices';

/**
 * Fulfils a paid vendor-fee order inside the webhook's transaction (spec §4, after approval):
 * event_vendors → paid, chat access granted, the vendor joins the event group chat, both sides
 * are told. The guarded update (pending → paid) makes a second delivery change nothing.
 */
export const fulfilVendorFee: FulfilOther = async (tx, order, { now }) => {
  if (order.kind !== 'vendor_fee' || !order.eventId) return;
  const paid = await rq.markVendorPaid(tx, {
    eventId: order.eventId,
    vendorId: order.userId,
    orderId: order.id,
    now,
  });
  // A fee paid without an approval (or paid twice) grants nothing here.
  if (!paid) return;
  await rq.upsertVendorParticipant(tx, {
    eventId: order.eventId,
    userId: order.userId,
    canAccessChat: true,
    now,
  });
  const chatId = await joinEventChat(tx, { eventId: order.eventId, userId: order.userId });
  // One after the other: a transaction is one connection, and pg does not take a second query
  // on a client while one is running (its deprecation warning; an error from pg 9).
  const event = await q.getEventForVendors(tx, { eventId: order.eventId });
  const vendor = await q.getUserContact(tx, { userId: order.userId });
  if (!event || !vendor) return;
  const vendorName = vendorDisplayName(vendor);
  const metadata = {
    event_id: event.id,
    event_title: event.title,
    event_date: event.date,
    event_location: event.location,
    organizer_id: event.userId,
    vendor_name: vendorName,
    chat_id: chatId,
    order_id: order.id,
  };
  await createNotifications(tx, [
    {
      userId: order.userId,
      type: 'vendor_chat_join',
      title: N.TITLES.feeReceived,
      message: N.feeReceived(event.title),
      relatedId: event.id,
      relatedType: 'events',
      metadata,
      dedupeKey: `vendor-fee-paid:${event.id}:${order.userId}`,
      createdAt: now,
    },
    {
      userId: event.userId,
      type: 'vendor_chat_join',
      title: N.TITLES.feePaid,
      message: N.feePaid(vendorName, event.title),
      relatedId: event.id,
      relatedType: 'events',
      metadata: { ...metadata, sender_id: order.userId, sender_name: vendorName },
      dedupeKey: `vendor-fee-paid-organizer:${event.id}:${order.userId}`,
      createdAt: now,
    },
  ]);
};
