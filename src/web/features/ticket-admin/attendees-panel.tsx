import { useQuery } from '@tanstack/react-query';
import { Download, Users } from 'lucide-react';
import { useState } from 'react';
import type { Order, TicketStatus } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatMoney } from '../../lib/money';
import { attendeesCsvUrl, attendeesQuery } from './api';
import { RefundDialog } from './components/refund-dialog';
import { formatDateTime } from '../../lib/dates';

const STATUS: Record<TicketStatus, { label: string; variant: 'success' | 'outline' | 'danger' }> = {
  valid: { label: 'Valid', variant: 'success' },
  checked_in: { label: 'Checked in', variant: 'outline' },
  void: { label: 'Refunded', variant: 'danger' },
};

const ORDER_STATUS: Record<Order['status'], string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

const when = (iso: string) => formatDateTime(iso);

const canRefund = (o: Order) =>
  (o.status === 'paid' || o.status === 'partially_refunded') && o.totalCents - o.refundedCents > 0;

/** The event's attendees and orders: CSV export and refunds. */
export function AttendeesPanel({ eventId }: { eventId: string }) {
  const query = useQuery(attendeesQuery(eventId));
  const [refunding, setRefunding] = useState<Order | null>(null);
  if (query.isPending) return <Spinner label="Loading attendees" />;
  if (query.isError) {
    return (
      <LoadFailed
        title="Attendees could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { attendees, orders } = query.data;
  const closed = orders;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="attendees-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="attendees-title" className="text-xl font-bold">
            Attendees ({attendees.length})
          </h2>
          <a
            href={attendeesCsvUrl(eventId)}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
        {attendees.length === 0 ? (
          <EmptyState icon={Users} title="No attendees yet">
            <p className="text-sm text-muted-foreground">
              People who get tickets will be listed here.
            </p>
          </EmptyState>
        ) : (
          <div
            role="region"
            aria-label="Attendees table, scrolls sideways"
            tabIndex={0}
            className="overflow-x-auto rounded-lg border border-border"
          >
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Attendees</caption>
              <thead className="bg-muted/60 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Email
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Ticket
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Paid
                  </th>
                </tr>
              </thead>
              <tbody>
                {attendees.map((a) => (
                  <tr key={a.ticketId} className="border-t border-border">
                    <td className="px-3 py-2 font-medium">{a.holderName}</td>
                    <td className="px-3 py-2 break-all">{a.email}</td>
                    <td className="px-3 py-2">{a.ticketTypeName}</td>
                    <td className="px-3 py-2">
                      <Badge variant={STATUS[a.status].variant}>{STATUS[a.status].label}</Badge>
                      {a.checkedInAt ? (
                        <span className="block text-xs text-muted-foreground">
                          {when(a.checkedInAt)}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatMoney(a.paidCents, a.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="orders-title" className="flex flex-col gap-3">
        <h2 id="orders-title" className="text-xl font-bold">
          Orders ({closed.length})
        </h2>
        {closed.length === 0 ? (
          <p className="text-sm text-muted-foreground">No orders yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {closed.map((o) => (
              <li
                key={o.id}
                className="flex flex-col gap-2 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">
                    {o.buyer.name}{' '}
                    <span className="font-normal text-muted-foreground">({o.buyer.email})</span>
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {o.items.map((i) => `${i.quantity} × ${i.ticketTypeName}`).join(', ')} ·{' '}
                    {when(o.createdAt)}
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
        )}
      </section>
      <RefundDialog
        eventId={eventId}
        order={refunding}
        onOpenChange={(open) => !open && setRefunding(null)}
      />
    </div>
  );
}
