import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { AdminOrder } from '../../../contracts/admin';
import { ORDER_STATUSES } from '../../../contracts/tickets';
import { PageBody, PageHeader } from '../../components/page-header';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { formatMoney } from '../../lib/money';
import { AdminListTable, useAdminListTable } from './admin-list';
import { queryString } from './api';
import { RefundDialog } from './order-refund-dialog';
import { FilterSelect } from './users-page';
import { formatDateTime } from '../../lib/dates';
import { labelOf, ORDER_STATUS_LABELS } from './admin-labels';

/** /admin/orders: search by buyer, event, status and date; refund; CSV export of the list. */
export function AdminOrdersPage() {
  const { t, i18n } = useLingui();
  const statusLabel = (value: string) => labelOf(ORDER_STATUS_LABELS, value, (d) => i18n._(d));
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

  const refundLabel = (buyer: string) => t`Refund order of ${buyer}`;
  const columns: ColumnDef<AdminOrder, never>[] = [
    {
      id: 'created',
      header: t`Date`,
      enableSorting: true,
      cell: ({ row }) => formatDateTime(row.original.createdAt),
    },
    { id: 'buyer', header: t`Buyer`, cell: ({ row }) => row.original.buyer.email },
    {
      id: 'event',
      header: t`Event`,
      cell: ({ row }) => row.original.eventTitle ?? row.original.kind,
    },
    {
      id: 'total',
      header: t`Total`,
      enableSorting: true,
      meta: { className: 'text-end' },
      cell: ({ row }) => formatMoney(row.original.totalCents, row.original.currency),
    },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => (
        <Badge variant={row.original.status === 'paid' ? 'success' : 'outline'}>
          {statusLabel(row.original.status)}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) =>
        ['paid', 'partially_refunded'].includes(row.original.status) &&
        row.original.totalCents > 0 ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={refundLabel(row.original.buyer.email)}
            onClick={() => setRefunding(row.original)}
          >
            <Trans>Refund</Trans>
          </Button>
        ) : null,
    },
  ];

  return (
    <PageBody>
      <PageHeader
        title={t`Orders`}
        description={t`Every order, its payment and refunds.`}
        actions={
          <a
            className={buttonClasses({ variant: 'outline' })}
            href={`/api/admin/orders/export.csv${queryString(exportParams)}`}
            download
          >
            <Trans>Export CSV</Trans>
          </a>
        }
      />
      <div className="mb-3 flex flex-wrap gap-3">
        <FilterSelect
          label={t`Status`}
          value={status}
          onChange={(v) => (setStatus(v), resetPage())}
        >
          <option value="">{t`Any status`}</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </FilterSelect>
        <label className="flex items-center gap-2 text-sm">
          <Trans>From</Trans>
          <Input
            type="date"
            className="w-40"
            value={from}
            onChange={(e) => (setFrom(e.target.value), resetPage())}
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <Trans>To</Trans>
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
        caption={t`Orders`}
        columns={columns}
        filterLabel={t`Search by buyer, event or order id`}
        emptyMessage={t`No orders match.`}
        loadFailed={t`Could not load orders`}
      />
      {refunding ? <RefundDialog order={refunding} onClose={() => setRefunding(null)} /> : null}
    </PageBody>
  );
}
