import type { DbExecutor } from '../../db/client';
import { msg, plural } from '@lingui/core/macro';
import {
  createNotifications,
  moneyIn,
  type NewNotification,
} from '../notifications/notifications.service';
import { must } from '../../platform/must';
import { attachAnswersToTickets } from '../questions/questions.service';
import { productOnlyNotifications } from './product-notifications';
import {
  addSalesToEvents,
  insertOrderTickets,
  markPaid,
  orderCurrencyAndBuyer,
  seatTickets,
  type EventTotals,
} from './fulfilment.queries';

/**
 * Turns an order whose stock is held into a paid one inside the caller's transaction: one ticket
 * per unit, the events' sales counters (spec §3), and the in-app notifications of spec §4
 * (attendee: event_registration or ticket_purchase; organizer: ticket_sale). Callers hold the
 * order (a fresh insert or SELECT … FOR UPDATE) so this runs once per order.
 */
export async function fulfilOrder(
  tx: DbExecutor,
  params: { orderId: string; buyerId: string; paymentRef: string | null; now: Date },
): Promise<void> {
  const { orderId, now } = params;
  await markPaid(tx, orderId, params.paymentRef, now);
  await insertOrderTickets(tx, { orderId, buyerId: params.buyerId, now });
  // A seat order's seats are printed on its tickets (decision 072).
  await seatTickets(tx, { orderId });
  // The per-ticket answers given at checkout now belong to their tickets.
  await attachAnswersToTickets(tx, { orderId });
  const rows = await addSalesToEvents(tx, { orderId });
  const order = await orderCurrencyAndBuyer(tx, { orderId });
  await createNotifications(
    tx,
    rows.flatMap((event) => notificationsFor(event, params, must(order, 'order'))),
  );
}

function notificationsFor(
  event: EventTotals,
  params: { orderId: string; buyerId: string; now: Date },
  order: { currency: string; buyerName: string },
): NewNotification[] {
  const count = event.freeQuantity + event.paidQuantity;
  if (count === 0) return productOnlyNotifications(event, params, order);
  const metadata = { event_title: event.title, order_id: params.orderId, quantity: count };
  const isRegistration = event.paidQuantity === 0;
  const title = event.title;
  const buyer = order.buyerName;
  return [
    {
      userId: params.buyerId,
      type: isRegistration ? 'event_registration' : 'ticket_purchase',
      title: isRegistration ? msg`Registration confirmed` : msg`Tickets purchased`,
      message: isRegistration
        ? msg`You're registered for ${title}.`
        : msg`You bought ${plural(count, { one: '# ticket', other: '# tickets' })} for ${title}.`,
      relatedId: event.eventId,
      relatedType: 'events',
      metadata,
      createdAt: params.now,
    },
    {
      userId: event.ownerId,
      type: 'ticket_sale',
      title: isRegistration ? msg`New registration` : msg`New ticket sale`,
      message: isRegistration
        ? msg`${buyer} registered for ${title}.`
        : (locale) => {
            const amount = moneyIn(locale, event.paidCents, order.currency);
            return msg`${buyer} bought ${plural(count, { one: '# ticket', other: '# tickets' })} for ${title} (${amount}).`;
          },
      relatedId: event.eventId,
      relatedType: 'events',
      metadata: { ...metadata, buyer_name: order.buyerName, amount_cents: event.paidCents },
      createdAt: params.now,
    },
  ];
}
