import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import type { Invoice } from '../../../contracts/subscriptions';
import { Badge } from '../../components/ui/badge';
import { stackedTable } from '../../components/ui/stacked-table';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';

const KIND_LABEL: Record<Invoice['kind'], MessageDescriptor> = {
  initial: msg`First month`,
  renewal: msg`Renewal`,
  proration: msg`Upgrade (prorated)`,
  trial: msg`Free trial`,
};

/** Every invoice of the subscription, each paid one with a printable receipt. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-3">
      <h2 id="invoices-heading" className="text-2xl font-bold">
        <Trans>Invoices</Trans>
      </h2>
      {invoices.length ? (
        <div className="rounded-lg border border-border max-md:border-0">
          <table className={stackedTable.table}>
            <thead className={cn('bg-muted/50 text-muted-foreground', stackedTable.head)}>
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Date</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Plan</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">
                    <Trans>Receipt</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className={stackedTable.body}>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className={cn('border-t border-border', stackedTable.row)}>
                  <td data-label={t`Date`} className={cn('px-4 py-2', stackedTable.cell)}>
                    {formatDate(invoice.createdAt)}
                  </td>
                  <td data-label={t`Plan`} className={cn('px-4 py-2', stackedTable.cell)}>
                    {invoice.planName} · {i18n._(KIND_LABEL[invoice.kind])}
                  </td>
                  <td data-label={t`Amount`} className={cn('px-4 py-2', stackedTable.cell)}>
                    {formatMoney(invoice.amountCents, invoice.currency)}
                  </td>
                  <td data-label={t`Status`} className={cn('px-4 py-2', stackedTable.cell)}>
                    <Badge variant={invoice.status === 'paid' ? 'success' : 'danger'}>
                      {invoice.status === 'paid' ? t`Paid` : t`Failed`}
                    </Badge>
                  </td>
                  <td data-label="" className={cn('px-4 py-2 text-end', stackedTable.cell)}>
                    {invoice.status === 'paid' ? (
                      <Link
                        to={`/subscription?receipt=${invoice.id}`}
                        onClick={() => setTimeout(() => window.print(), 100)}
                        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        <Printer aria-hidden="true" className="size-4" />
                        <Trans>Print receipt</Trans>
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No invoices yet.</Trans>
        </p>
      )}
    </section>
  );
}
