import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { AdminOrder } from '../../../contracts/admin';
import { ORDER_STATUSES } from '../../../contracts/tickets';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { formatMoney, parseMoneyInput } from '../../lib/money';
import { AdminListTable, useAdminListTable } from './admin-list';
import { queryString, useRefund } from './api';
import { FilterSelect } from './users-page';
import { formatDateTime } from '../../lib/dates';

/** /admin/orders: search by buyer, event, status and date; refund; CSV export of the list. */
export function AdminOrdersPage() {
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const source = useAdminListTable<AdminOrder>('orders', 'created', {
    status: status || undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const { resetPage } = source;
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const { page: _p, pageSize: _s, ...exportParams } = source.table.params;

  const columns: ColumnDef<AdminOrder, never>[] = [
    {
      id: 'created',
      header: 'Date',
      enableSorting: true,
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    },
    { id: 'buyer', header: 'Buyer', cell: ({ row }) => row.original.buyer.email },
    {
      id: 'event',
      header: 'Event',
      cell: ({ row }) => row.original.eventTitle ?? row.original.kind,
    },
    {
      id: 'total',
      header: 'Total',
      enableSorting: true,
      meta: { className: 'text-end' },
      cell: ({ row }) => formatMoney(row.original.totalCents, row.original.currency),
    },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => (
        <Badge variant={row.original.status === 'paid' ? 'success' : 'outline'}>
          {row.original.status.replace('_', ' ')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) =>
        ['paid', 'partially_refunded'].includes(row.original.status) &&
        row.original.totalCents > 0 ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Refund order of ${row.original.buyer.email}`}
            onClick={() => setRefunding(row.original)}
          >
            Refund
          </Button>
        ) : null,
    },
  ];

  return (
    <PageBody>
      <PageHeader
        title="Orders"
        description="Every order, its payment and refunds."
        actions={
          <a
            className={buttonClasses({ variant: 'outline' })}
            href={`/api/admin/orders/export.csv${queryString(exportParams)}`}
            download
          >
            Export CSV
          </a>
        }
      />
      <div className="mb-3 flex flex-wrap gap-3">
        <FilterSelect label="Status" value={status} onChange={(v) => (setStatus(v), resetPage())}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </FilterSelect>
        <label className="flex items-center gap-2 text-sm">
          From
          <Input
            type="date"
            className="w-40"
            value={from}
            onChange={(e) => (setFrom(e.target.value), resetPage())}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          To
          <Input
            type="date"
            className="w-40"
            value={to}
            onChange={(e) => (setTo(e.target.value), resetPage())}
          />
        </label>
      </div>
      <AdminListTable
        source={source}
        caption="Orders"
        columns={columns}
        filterLabel="Search by buyer, event or order id"
        emptyMessage="No orders match."
      />
      {refunding ? <RefundDialog order={refunding} onClose={() => setRefunding(null)} /> : null}
    </PageBody>
  );
}

function RefundDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const refund = useRefund();
  const left = order.totalCents - order.refundedCents;
  const [amount, setAmount] = useState((left / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Refund order"
      description={`${order.buyer.email}: up to ${formatMoney(left, order.currency)} can be refunded.`}
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const cents = parseMoneyInput(amount);
          if (cents === null || cents > left) {
            setError(`Enter an amount up to ${formatMoney(left, order.currency)}`);
            return;
          }
          setError(undefined);
          refund.mutate(
            { orderId: order.id, amountCents: cents === left ? undefined : cents, reason },
            { onSuccess: onClose },
          );
        }}
      >
        {refund.error ? (
          <Alert variant="destructive" title={errorMessage(refund.error, 'The refund failed')} />
        ) : null}
        <Field id="refund-amount" label={`Amount (${order.currency})`} error={error}>
          <Input
            id="refund-amount"
            inputMode="decimal"
            value={amount}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'refund-amount-error' : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Field id="refund-reason" label="Reason (optional)">
          <Input
            id="refund-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            Refund
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
