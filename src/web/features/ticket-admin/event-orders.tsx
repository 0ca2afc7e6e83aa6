import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../contracts/tickets';
import { LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { eventOrdersQuery } from './api';
import { RefundDialog } from './components/refund-dialog';

export const ORDERS_PAGE_SIZE = 20;

const ORDER_STATUS: Record<Order['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

const canRefund = (o: Order) =>
  (o.status === 'paid' || o.status === 'partially_refunded') && o.totalCents - o.refundedCents > 0;

/** The event's settled orders, newest first and a page at a time, each with its refund. */
export function EventOrders({ eventId }: { eventId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(eventOrdersQuery(eventId, { page, pageSize: ORDERS_PAGE_SIZE, q: '' }));
  const [refunding, setRefunding] = useState<Order | null>(null);
  let body;
  if (query.isPending) body = <Spinner label="Loading orders" />;
  else if (query.isError && !query.data)
    body = (
      <LoadFailed
        title="Orders could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.total === 0)
    body = <p className="text-sm text-muted-foreground">No orders yet.</p>;
  else {
    const { orders, total } = query.data;
    const first = (page - 1) * ORDERS_PAGE_SIZE + 1;
    const last = Math.ceil(total / ORDERS_PAGE_SIZE);
    body = (
      <>
        <ul className="flex flex-col gap-2" aria-busy={query.isFetching}>
          {orders.map((o) => (
            <li
              key={o.id}
              className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col">
                <span className="font-medium break-words">
                  {o.buyer.name}{' '}
                  <span className="font-normal break-all text-muted-foreground">
                    ({o.buyer.email})
                  </span>
                </span>
                <span className="text-sm text-muted-foreground">
                  {o.items.map((i) => `${i.quantity} × ${i.ticketTypeName}`).join(', ')} ·{' '}
                  {formatDateTime(o.createdAt)}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm">{ORDER_STATUS[o.status]}</span>
                <span className="font-semibold tabular-nums">
                  {formatMoney(o.totalCents, o.currency)}
                  {o.refundedCents > 0 ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {formatMoney(o.refundedCents, o.currency)} refunded
                    </span>
                  ) : null}
                </span>
                {canRefund(o) ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Refund order of ${o.buyer.name}`}
                    onClick={() => setRefunding(o)}
                  >
                    Refund
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {total > ORDERS_PAGE_SIZE ? (
          <nav
            aria-label="Order pages"
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <p className="text-muted-foreground" aria-live="polite">
              Showing {first}–{first + orders.length - 1} of {total} orders
            </p>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                Previous orders
              </Button>
              <span>
                Page {page} of {last}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= last}
                onClick={() => setPage(page + 1)}
              >
                Next orders
              </Button>
            </div>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-3">
      <h2 id="orders-title" className="text-xl font-bold">
        Orders{query.data ? ` (${query.data.total})` : ''}
      </h2>
      {body}
      <RefundDialog
        eventId={eventId}
        order={refunding}
        onOpenChange={(open) => !open && setRefunding(null)}
      />
    </section>
  );
}
