import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { EventOrder, Order } from '../../../contracts/tickets';
import { LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/dates';
import { formatList } from '../../lib/intl-locale';
import { formatMoney } from '../../lib/money';
import { eventOrdersQuery } from './api';
import { RefundDialog } from './components/refund-dialog';
import { BOX_OFFICE_LABELS } from './sales-channel';

export const ORDERS_PAGE_SIZE = 20;

const ORDER_STATUS: Record<Order['status'], MessageDescriptor> = {
  pending: msg`Awaiting payment`,
  paid: msg`Paid`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
  partially_refunded: msg`Partially refunded`,
};

const canRefund = (o: Order) =>
  (o.status === 'paid' || o.status === 'partially_refunded') && o.totalCents - o.refundedCents > 0;

function RefundedAmount({ amount }: { amount: string }) {
  return (
    <span className="block text-xs font-normal text-muted-foreground">
      <Trans>{amount} refunded</Trans>
    </span>
  );
}

/**
 * What the order's total holds: net and tax (the total is the gross) when it was taxed, and
 * "Reverse charge" when the buyer's business accounts for the VAT; nothing for an untaxed order.
 */
function OrderTax({ order }: { order: EventOrder }) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  if (order.reverseCharge)
    return (
      <span className="block text-xs font-normal text-muted-foreground">
        <Trans>Reverse charge</Trans>
      </span>
    );
  if (order.taxCents === 0) return null;
  const net = money(order.netCents);
  const tax = money(order.taxCents);
  const gross = money(order.totalCents);
  return (
    <span className="block text-xs font-normal text-muted-foreground">
      <Trans>
        Net {net} · Tax {tax} · Gross {gross}
      </Trans>
    </span>
  );
}

/** The event's settled orders, newest first and a page at a time, each with its refund. */
export function EventOrders({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const refundLabel = (buyer: string) => t`Refund order of ${buyer}`;
  const invoicesLabel = (buyer: string) => t`Invoices of the order of ${buyer}`;
  const [page, setPage] = useState(1);
  const query = useQuery(eventOrdersQuery(eventId, { page, pageSize: ORDERS_PAGE_SIZE, q: '' }));
  const [refunding, setRefunding] = useState<Order | null>(null);
  let body;
  if (query.isPending) body = <Spinner label={t`Loading orders`} />;
  else if (query.isError && !query.data)
    body = (
      <LoadFailed
        title={t`Orders could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.total === 0)
    body = (
      <p className="text-sm text-muted-foreground">
        <Trans>No orders yet.</Trans>
      </p>
    );
  else {
    const { orders, total } = query.data;
    const first = (page - 1) * ORDERS_PAGE_SIZE + 1;
    const last = Math.ceil(total / ORDERS_PAGE_SIZE);
    const shownLast = first + orders.length - 1;
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
                  {formatList(o.items.map((i) => `${i.quantity} × ${i.ticketTypeName}`))} ·{' '}
                  {formatDateTime(o.createdAt)}
                </span>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <span className="text-sm">{i18n._(ORDER_STATUS[o.status])}</span>
                {o.boxOfficeMethod ? (
                  <Badge variant="outline">{i18n._(BOX_OFFICE_LABELS[o.boxOfficeMethod])}</Badge>
                ) : null}
                <span className="font-semibold tabular-nums">
                  {formatMoney(o.totalCents, o.currency)}
                  <OrderTax order={o} />
                  {o.refundedCents > 0 ? (
                    <RefundedAmount amount={formatMoney(o.refundedCents, o.currency)} />
                  ) : null}
                </span>
                {o.status === 'pending' ? null : (
                  <Link
                    to={`/receipt?order=${o.id}`}
                    className="text-sm text-primary underline-offset-4 hover:underline"
                    aria-label={invoicesLabel(o.buyer.name)}
                  >
                    <Trans>Invoices</Trans>
                  </Link>
                )}
                {canRefund(o) ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={refundLabel(o.buyer.name)}
                    onClick={() => setRefunding(o)}
                  >
                    <Trans>Refund</Trans>
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {total > ORDERS_PAGE_SIZE ? (
          <nav
            aria-label={t`Order pages`}
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <p className="text-muted-foreground" aria-live="polite">
              <Trans>
                Showing {first}–{shownLast} of {total} orders
              </Trans>
            </p>
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                <Trans>Previous orders</Trans>
              </Button>
              <span>
                <Trans>
                  Page {page} of {last}
                </Trans>
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= last}
                onClick={() => setPage(page + 1)}
              >
                <Trans>Next orders</Trans>
              </Button>
            </div>
          </nav>
        ) : null}
      </>
    );
  }

  const ordersTotal = query.data ? query.data.total : null;
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-3">
      <h2 id="orders-title" className="text-xl font-bold">
        {ordersTotal === null ? <Trans>Orders</Trans> : <Trans>Orders ({ordersTotal})</Trans>}
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
