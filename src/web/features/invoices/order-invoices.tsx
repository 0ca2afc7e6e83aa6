import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { InvoiceSummary } from '../../../contracts/invoices';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { orderInvoicesQuery, useRequestInvoice } from './api';

/**
 * An order's invoices and credit notes with their PDFs, and the buyer's "Request invoice" when
 * the organizer issues them on request. Shows nothing while the order has none to offer.
 */
export function OrderInvoices({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const answer = useQuery(orderInvoicesQuery(orderId));
  const request = useRequestInvoice(orderId);
  if (answer.isPending) return <Spinner />;
  if (answer.isError)
    return (
      <LoadFailed
        title={t`The invoices could not be loaded`}
        error={answer.error}
        onRetry={() => void answer.refetch()}
      />
    );
  const { invoices, canRequest } = answer.data;
  if (!invoices.length && !canRequest) return null;
  return (
    <section aria-labelledby={`${orderId}-invoices`} className="flex flex-col gap-3">
      <h2 id={`${orderId}-invoices`} className="font-semibold">
        <Trans>Invoices</Trans>
      </h2>
      {invoices.length ? (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      ) : null}
      {canRequest ? (
        <div className="flex flex-col items-start gap-2">
          <Button variant="outline" disabled={request.isPending} onClick={() => request.mutate()}>
            <Trans>Request invoice</Trans>
          </Button>
          {request.isError ? (
            <Alert variant="destructive">
              {errorMessage(request.error, t`The invoice could not be issued.`)}
            </Alert>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const number = invoice.number;
  const amount = formatMoney(invoice.grossCents, invoice.currency);
  const date = formatDate(invoice.issuedAt);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="flex flex-col gap-1">
        <span className="font-medium">
          {invoice.kind === 'credit_note' ? (
            <Trans>Credit note {number}</Trans>
          ) : (
            <Trans>Invoice {number}</Trans>
          )}{' '}
          {invoice.cancelled ? (
            <Badge variant="outline">
              <Trans>Cancelled</Trans>
            </Badge>
          ) : null}
        </span>
        <span className="text-muted-foreground">
          <Trans>
            {amount} · issued {date}
          </Trans>
        </span>
      </div>
      <a
        href={invoice.pdfUrl}
        download
        className={buttonClasses({
          variant: 'outline',
          size: 'sm',
          // A long number wraps on a phone instead of running out of the card.
          className: 'h-auto min-h-8 max-w-full shrink py-1.5 text-start whitespace-normal',
        })}
      >
        <Download className="size-4" aria-hidden="true" />
        {invoice.kind === 'credit_note' ? (
          <Trans>Download credit note {number}</Trans>
        ) : (
          <Trans>Download invoice {number}</Trans>
        )}
      </a>
    </li>
  );
}
