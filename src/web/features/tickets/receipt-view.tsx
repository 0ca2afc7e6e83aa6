import { useQuery } from '@tanstack/react-query';
import { Printer, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyState, isMissing, LoadFailed } from '../../components/query-states';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/money';
import { paths } from '../../lib/paths';
import { orderQuery, useCancelOrder } from './api';
import { HoldCountdown } from './components/hold-countdown';
import { OrderStatusBadge } from './components/order-status-badge';
import { TicketLinks } from './components/ticket-links';
import { usePayPendingOrder } from './use-checkout';
import { formatDateTime } from '../../lib/dates';

const dateTime = (iso: string) => formatDateTime(iso);

/** spec §2 /receipt?order=: the order summary, printable; a pending order can be paid or released. */
export function ReceiptView({ orderId }: { orderId: string | null }) {
  const query = useQuery({
    ...orderQuery(orderId ?? ''),
    enabled: Boolean(orderId),
    // A just-paid order may wait a moment for the provider's confirmation.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 5000 : false),
  });
  const { payNow, isPending: isPaying } = usePayPendingOrder();
  const cancel = useCancelOrder();

  if (!orderId) {
    return (
      <EmptyState icon={Receipt} title="No order chosen">
        <Link to={paths.dashboard()} className={buttonClasses({ variant: 'outline' })}>
          My tickets
        </Link>
      </EmptyState>
    );
  }
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return isMissing(query.error) ? (
      <EmptyState icon={Receipt} title="Order not found">
        <p className="text-muted-foreground">This order does not exist or is not yours.</p>
      </EmptyState>
    ) : (
      <LoadFailed
        title="The receipt could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const order = query.data;
  const money = (cents: number) => formatMoney(cents, order.currency);
  const isPending = order.status === 'pending';

  return (
    <article className="receipt flex flex-col gap-6" aria-labelledby="receipt-title">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="receipt-title" className="text-3xl font-extrabold tracking-tight">
            Receipt
          </h1>
          <p className="text-sm text-muted-foreground">
            Order <span className="font-mono">{order.id.slice(0, 8).toUpperCase()}</span> ·{' '}
            {dateTime(order.createdAt)}
          </p>
          <div>
            <OrderStatusBadge status={order.status} />
          </div>
        </div>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </header>

      {isPending ? (
        <section
          className="flex flex-col gap-3 rounded-lg border border-border p-4 print:hidden"
          aria-label="Payment"
        >
          <HoldCountdown expiresAt={order.reservedUntil} />
          <div className="flex flex-wrap gap-2">
            <Button disabled={isPaying} onClick={() => payNow(order)}>
              {isPaying ? 'Processing...' : 'Pay now'}
            </Button>
            <Button
              variant="outline"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(order.id, {
                  onSuccess: () => toast.success('Your reserved tickets were released'),
                  onError: () => toast.error('The reservation could not be released.'),
                })
              }
            >
              Release tickets
            </Button>
          </div>
        </section>
      ) : null}

      <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">Buyer</dt>
        <dd>
          {order.buyer.name} ({order.buyer.email})
        </dd>
        {order.paidAt ? (
          <>
            <dt className="text-muted-foreground">Paid</dt>
            <dd>{dateTime(order.paidAt)}</dd>
          </>
        ) : null}
      </dl>

      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Item
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-semibold">
                Price
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-border align-top">
                <td className="py-2 pr-3">
                  <span className="font-medium">{item.ticketTypeName}</span>
                  <br />
                  <Link
                    to={paths.event(item.eventId)}
                    className="text-muted-foreground hover:underline"
                  >
                    {item.eventTitle}
                  </Link>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{item.quantity}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{money(item.unitPriceCents)}</td>
                <td className="py-2 text-right tabular-nums">{money(item.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="tabular-nums">
            <tr>
              <th scope="row" colSpan={3} className="pt-2 pr-3 text-right font-normal">
                Subtotal
              </th>
              <td className="pt-2 text-right">{money(order.subtotalCents)}</td>
            </tr>
            {order.discountCents > 0 ? (
              <tr>
                <th scope="row" colSpan={3} className="pr-3 text-right font-normal">
                  Discount{order.discountCode ? ` (${order.discountCode})` : ''}
                </th>
                <td className="text-right">−{money(order.discountCents)}</td>
              </tr>
            ) : null}
            <tr className="text-base font-bold">
              <th scope="row" colSpan={3} className="pr-3 text-right">
                Total
              </th>
              <td className="text-right">{money(order.totalCents)}</td>
            </tr>
            {order.refundedCents > 0 ? (
              <tr>
                <th scope="row" colSpan={3} className="pr-3 text-right font-normal">
                  Refunded
                </th>
                <td className="text-right">−{money(order.refundedCents)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </div>

      {order.tickets.length ? (
        <section aria-labelledby="receipt-tickets" className="flex flex-col gap-3 print:hidden">
          <h2 id="receipt-tickets" className="text-lg font-semibold">
            Your tickets
          </h2>
          <TicketLinks tickets={order.tickets} />
        </section>
      ) : null}
    </article>
  );
}
