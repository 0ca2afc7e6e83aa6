import { msg, plural } from '@lingui/core/macro';
import { moneyIn, type NewNotification } from '../notifications/notifications.service';
import type { EventTotals } from './fulfilment.queries';

/**
 * The purchase and sale notifications of an order that bought only products for an event
 * (decision 051): no ticket and no registration, so they name the items and the amount.
 */
export function productOnlyNotifications(
  event: EventTotals,
  params: { orderId: string; buyerId: string; now: Date },
  order: { currency: string; buyerName: string },
): NewNotification[] {
  const count = event.productQuantity;
  const title = event.title;
  const buyer = order.buyerName;
  const metadata = { event_title: title, order_id: params.orderId, quantity: count };
  return [
    {
      userId: params.buyerId,
      type: 'ticket_purchase',
      title: msg`Purchase confirmed`,
      message: msg`You bought ${plural(count, { one: '# item', other: '# items' })} for ${title}.`,
      relatedId: event.eventId,
      relatedType: 'events',
      metadata,
      createdAt: params.now,
    },
    {
      userId: event.ownerId,
      type: 'ticket_sale',
      title: msg`New sale`,
      message: (locale) => {
        const amount = moneyIn(locale, event.paidCents, order.currency);
        return msg`${buyer} bought ${plural(count, { one: '# item', other: '# items' })} for ${title} (${amount}).`;
      },
      relatedId: event.eventId,
      relatedType: 'events',
      metadata: { ...metadata, buyer_name: buyer, amount_cents: event.paidCents },
      createdAt: params.now,
    },
  ];
}
