import { Trans, useLingui } from '@lingui/react/macro';
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
import { OrderInvoices } from '../invoices';
import { useSession } from '../session';
import { OrderTaxRows } from '../taxes';
import { OrderSeats } from '../seating';

const dateTime = (iso: string) => formatDateTime(iso);

/** spec §2 /receipt?order=: the order summary, printable; a pending order can be paid or released. */
export function ReceiptView({ orderId }: { orderId: string | null }) {
  const { t } = useLingui();
  const query = useQuery({
    ...orderQuery(orderId ?? ''),
    enabled: Boolean(orderId),
    // A just-paid order may wait a moment for the provider's confirmation.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 5000 : false),
  });
  const { payNow, isPending: isPaying } = usePayPendingOrder();
  const cancel = useCancelOrder();
  const { user } = useSession();

  if (!orderId) {
    return (
      <EmptyState icon={Receipt} title={t`No order chosen`}>
        <Link to={paths.dashboard()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>My tickets</Trans>
        </Link>
      </EmptyState>
    );
  }
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return isMissing(query.error) ? (
      <EmptyState icon={Receipt} title={t`Order not found`}>
        <p className="text-muted-foreground">
          <Trans>This order does not exist or is not yours.</Trans>
        </p>
      </EmptyState>
    ) : (
      <LoadFailed
        title={t`The receipt could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const order = query.data;
  const money = (cents: number) => formatMoney(cents, order.currency);
  const isPending = order.status === 'pending';
  const orderNumber = order.id.slice(0, 8).toUpperCase();
  const createdAt = dateTime(order.createdAt);
  const code = order.discountCode;

  return (
    <article className="receipt flex flex-col gap-6" aria-labelledby="receipt-title">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 id="receipt-title" className="text-3xl font-extrabold tracking-tight">
            <Trans>Receipt</Trans>
          </h1>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Order <span className="font-mono">{orderNumber}</span> · {createdAt}
            </Trans>
          </p>
          <div>
            <OrderStatusBadge status={order.status} />
          </div>
        </div>
        <Button variant="outline" className="print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          <Trans>Print</Trans>
        </Button>
      </header>

      {isPending ? (
        <section
          className="flex flex-col gap-3 rounded-lg border border-border p-4 print:hidden"
          aria-label={t`Payment`}
        >
          <HoldCountdown expiresAt={order.reservedUntil} />
          <div className="flex flex-wrap gap-2">
            <Button disabled={isPaying} onClick={() => payNow(order)}>
              {isPaying ? t`Processing...` : t`Pay now`}
            </Button>
            <Button
              variant="outline"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(order.id, {
                  onSuccess: () => toast.success(t`Your reserved tickets were released`),
                  onError: () => toast.error(t`The reservation could not be released.`),
                })
              }
            >
              <Trans>Release tickets</Trans>
            </Button>
          </div>
        </section>
      ) : null}

      <dl className="grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-muted-foreground">
          <Trans>Buyer</Trans>
        </dt>
        <dd>
          {order.buyer.name} ({order.buyer.email})
        </dd>
        {order.paidAt ? (
          <>
            <dt className="text-muted-foreground">
              <Trans>Paid</Trans>
            </dt>
            <dd>{dateTime(order.paidAt)}</dd>
          </>
        ) : null}
      </dl>

      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">
            <Trans>Items</Trans>
          </caption>
          <thead>
            <tr className="border-b border-border text-start">
              <th scope="col" className="py-2 pe-3 font-semibold">
                <Trans>Item</Trans>
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-semibold">
                <Trans>Qty</Trans>
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-semibold">
                <Trans>Price</Trans>
              </th>
              <th scope="col" className="py-2 text-end font-semibold">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id} className="border-b border-border align-top">
                <td className="py-2 pe-3">
                  <span className="font-medium">{item.ticketTypeName}</span>
                  <br />
                  <Link
                    to={paths.event(item.eventId)}
                    className="text-muted-foreground hover:underline"
                  >
                    {item.eventTitle}
                  </Link>
                </td>
                <td className="py-2 pe-3 text-end tabular-nums">{item.quantity}</td>
                <td className="py-2 pe-3 text-end tabular-nums">{money(item.unitPriceCents)}</td>
                <td className="py-2 text-end tabular-nums">{money(item.totalCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="tabular-nums">
            <tr>
              <th scope="row" colSpan={3} className="pt-2 pe-3 text-end font-normal">
                <Trans>Subtotal</Trans>
              </th>
              <td className="pt-2 text-end">{money(order.subtotalCents)}</td>
            </tr>
            {order.discountCents > 0 ? (
              <tr>
                <th scope="row" colSpan={3} className="pe-3 text-end font-normal">
                  {order.discountCode ? <Trans>Discount ({code})</Trans> : <Trans>Discount</Trans>}
                </th>
                <td className="text-end">−{money(order.discountCents)}</td>
              </tr>
            ) : null}
            <OrderTaxRows orderId={order.id} colSpan={3} />
            <tr className="text-base font-bold">
              <th scope="row" colSpan={3} className="pe-3 text-end">
                <Trans>Total</Trans>
              </th>
              <td className="text-end">{money(order.totalCents)}</td>
            </tr>
            {order.refundedCents > 0 ? (
              <tr>
                <th scope="row" colSpan={3} className="pe-3 text-end font-normal">
                  <Trans>Refunded</Trans>
                </th>
                <td className="text-end">−{money(order.refundedCents)}</td>
              </tr>
            ) : null}
          </tfoot>
        </table>
      </div>

      {isPending ? null : (
        <div className="print:hidden">
          <OrderInvoices
            orderId={order.id}
            // Only the buyer, the event's organizer and admins see an order: anyone but the
            // buyer here may re-issue its invoice (the server checks it again).
            reissueFor={user && user.id !== order.buyer.id ? order.buyer : undefined}
          />
        </div>
      )}

      <OrderSeats orderId={order.id} />

      {order.tickets.length ? (
        <section aria-labelledby="receipt-tickets" className="flex flex-col gap-3 print:hidden">
          <h2 id="receipt-tickets" className="text-lg font-semibold">
            <Trans>Your tickets</Trans>
          </h2>
          <TicketLinks tickets={order.tickets} />
        </section>
      ) : null}
    </article>
  );
}
