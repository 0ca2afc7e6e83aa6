import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '../../../contracts/tickets';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
import { orderQuery, ticketQuery } from './api';

/** The order's product lines for this event (merchandise, parking, a meal), as the receipt lists them. */
export function productLines(order: Order, eventId: string) {
  return order.items.filter((i) => i.eventId === eventId && i.kind === 'product');
}

/**
 * On the buyer's ticket page: the products bought with the ticket's order. Only the buyer reads
 * the order (someone the ticket was passed to sees nothing here), and an order without products
 * shows nothing.
 */
export function OrderProductsCard({ ticketId }: { ticketId: string }) {
  const ticket = useQuery(ticketQuery(ticketId));
  const orderId = ticket.data?.orderId ?? '';
  const order = useQuery({ ...orderQuery(orderId), enabled: Boolean(orderId), retry: false });
  if (!ticket.data || !order.data) return null;
  const lines = productLines(order.data, ticket.data.event.id);
  if (!lines.length) return null;
  const currency = order.data.currency;
  return (
    <section
      aria-labelledby="order-products-title"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5"
    >
      <h2 id="order-products-title" className="flex items-center gap-2 text-lg font-semibold">
        <ShoppingBag aria-hidden="true" className="size-5 text-primary" />
        <Trans>Bought with this order</Trans>
      </h2>
      <ul className="flex flex-col gap-2 text-sm">
        {lines.map((line) => {
          const name = line.ticketTypeName;
          const quantity = line.quantity;
          return (
            <li key={line.id} className="flex items-start justify-between gap-3">
              <span className="min-w-0 break-words">
                <Trans>
                  {name} × {quantity}
                </Trans>
              </span>
              <span className="shrink-0 tabular-nums">
                {formatPrice(line.totalCents, currency)}
              </span>
            </li>
          );
        })}
      </ul>
      <Link
        to={paths.receipt(order.data.id)}
        className="self-start text-sm font-medium text-primary hover:underline"
      >
        <Trans>View receipt</Trans>
      </Link>
    </section>
  );
}
