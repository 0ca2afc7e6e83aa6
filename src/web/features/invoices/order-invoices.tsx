import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderBillingDetailsResponse } from '../../../contracts/billing-details';
import { Download } from 'lucide-react';
import type { InvoiceSummary, ReissueInvoiceInput } from '../../../contracts/invoices';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { apiGet, errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { invoiceKeys, orderInvoicesQuery, useRequestInvoice } from './api';
import { ReissueInvoiceDialog } from './reissue-dialog';

/** The buyer a re-issued invoice starts from: the order's buyer and company details. */
function useReissueBuyer(
  orderId: string,
  buyer: { name: string; email: string } | undefined,
): ReissueInvoiceInput['buyer'] | null {
  const details = useQuery({
    queryKey: invoiceKeys.orderBillingDetails(orderId),
    queryFn: ({ signal }) =>
      apiGet<OrderBillingDetailsResponse>(
        `/api/orders/${encodeURIComponent(orderId)}/billing-details`,
        {
          signal,
        },
      ),
    enabled: Boolean(buyer),
  });
  if (!buyer || details.isPending) return null;
  const company = details.data?.billingDetails;
  return {
    name: buyer.name,
    email: buyer.email,
    company: company?.companyName ?? null,
    address: company
      ? [company.address, `${company.postalCode} ${company.city}`.trim(), company.country]
          .filter(Boolean)
          .join(', ')
      : null,
    vatId: company?.vatId ?? null,
  };
}

/**
 * An order's invoices and credit notes with their PDFs, and the buyer's "Request invoice" when
 * the organizer issues them on request. Shows nothing while the order has none to offer.
 */
export function OrderInvoices({
  orderId,
  reissueFor,
}: {
  orderId: string;
  /** The order's buyer, given to the organizer's (and admins') view: it may re-issue. */
  reissueFor?: { name: string; email: string };
}) {
  const { t } = useLingui();
  const answer = useQuery(orderInvoicesQuery(orderId));
  const request = useRequestInvoice(orderId);
  const reissueBuyer = useReissueBuyer(orderId, reissueFor);
  const [reissuing, setReissuing] = useState<InvoiceSummary | null>(null);
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
            <InvoiceRow
              key={invoice.id}
              invoice={invoice}
              onReissue={
                reissueBuyer && invoice.kind === 'invoice' && !invoice.cancelled
                  ? () => setReissuing(invoice)
                  : undefined
              }
            />
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
      {reissuing && reissueBuyer ? (
        <ReissueInvoiceDialog
          key={reissuing.id}
          invoice={reissuing}
          buyer={reissueBuyer}
          onOpenChange={(open) => !open && setReissuing(null)}
        />
      ) : null}
    </section>
  );
}

function InvoiceRow({ invoice, onReissue }: { invoice: InvoiceSummary; onReissue?: () => void }) {
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
      {onReissue ? (
        <Button variant="ghost" size="sm" onClick={onReissue}>
          <Trans>Re-issue invoice {number}</Trans>
        </Button>
      ) : null}
    </li>
  );
}

/** The order's current invoice as a download link (the ticket page); nothing while none exists. */
export function OrderInvoiceLink({ orderId, className }: { orderId: string; className?: string }) {
  const answer = useQuery(orderInvoicesQuery(orderId));
  const current = answer.data?.invoices.find((i) => i.kind === 'invoice' && !i.cancelled);
  if (!current) return null;
  const number = current.number;
  return (
    <a href={current.pdfUrl} download className={className}>
      <Trans>Invoice {number}</Trans>
    </a>
  );
}
