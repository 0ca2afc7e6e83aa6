import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  CalendarClock,
  CalendarPlus,
  Download,
  Globe,
  MapPin,
  Printer,
  Ticket,
} from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
import { googleCalendarUrl, icsUrl, describeEventTime, viewerTimeZone } from '../events';
import { ticketPdfUrl, ticketQrUrl, ticketQuery } from './api';
import { TicketStatusBadge } from './components/ticket-links';
import { formatDateTime } from '../../lib/dates';
import { OrderInvoiceLink } from '../invoices';
import { WalletButtons } from '../wallet-passes';

/** spec §2 ticket/{id}: the ticket with its QR code, the event, its status and downloads. */
export function TicketView({ ticketId }: { ticketId: string }) {
  const { t } = useLingui();
  const query = useQuery(ticketQuery(ticketId));
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    return isMissing(query.error) ? (
      <EmptyState icon={Ticket} title={t`Ticket not found`}>
        <p className="text-muted-foreground">
          <Trans>This ticket does not exist or is not yours.</Trans>
        </p>
        <Link to={paths.dashboard()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>My tickets</Trans>
        </Link>
      </EmptyState>
    ) : (
      <LoadFailed
        title={t`The ticket could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const ticket = query.data;
  const { event } = ticket;
  const when = describeEventTime(event, viewerTimeZone());
  const pageUrl = `${window.location.origin}${paths.event(event.id)}`;
  const calendarEvent = { ...event, description: '', onlineUrl: null };
  const eventTitle = event.title;
  const checkedInAt = ticket.checkedInAt ? formatDateTime(ticket.checkedInAt) : null;
  const outline = buttonClasses({ variant: 'outline', size: 'sm', className: 'justify-start' });

  return (
    <article aria-labelledby="ticket-title" className="mx-auto flex max-w-md flex-col gap-5">
      <div className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
        <div className="flex flex-col gap-2 bg-primary px-5 py-4 text-primary-foreground">
          <p className="text-sm font-medium opacity-90">
            {ticket.ticketTypeName}
            {/* The seat id reads as section, row and number ("A-Row C-12"), decision 068. */}
            {ticket.seat ? ` · ${ticket.seat}` : null}
          </p>
          <h1 id="ticket-title" className="text-2xl leading-tight font-extrabold text-balance">
            {event.title}
          </h1>
        </div>
        <div className="flex flex-col items-center gap-3 border-b border-dashed border-border px-5 py-5">
          {ticket.status === 'void' ? (
            <Alert variant="destructive" title={t`Refunded`}>
              <Trans>This ticket was refunded and is no longer valid.</Trans>
            </Alert>
          ) : null}
          {/* No code while a transfer waits to be claimed (the transfer card says so). */}
          {ticket.code ? (
            <>
              <img
                // A transfer gives the ticket a new code: a new address, not the cached image.
                src={`${ticketQrUrl(ticket.id)}?v=${encodeURIComponent(ticket.code.slice(-8))}`}
                alt={t`QR code of your ticket for ${eventTitle}`}
                width={220}
                height={220}
                className={`size-56 rounded-md bg-white p-2 ${ticket.status === 'void' ? 'opacity-30' : ''}`}
              />
              <p className="font-mono text-xs break-all text-muted-foreground select-all">
                {ticket.code}
              </p>
            </>
          ) : null}
          <div className="flex flex-wrap items-center justify-center gap-2">
            <TicketStatusBadge status={ticket.status} isPast={ticket.isPast} />
            {checkedInAt ? (
              <span className="text-sm text-muted-foreground">
                <Trans>Checked in {checkedInAt}</Trans>
              </span>
            ) : null}
          </div>
        </div>
        <dl className="flex flex-col gap-3 px-5 py-4 text-sm">
          <div className="flex items-start gap-3">
            <dt>
              <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span className="sr-only">
                <Trans>When</Trans>
              </span>
            </dt>
            <dd>
              <time dateTime={event.startsAt} className="font-medium">
                {when.local}
              </time>
            </dd>
          </div>
          <div className="flex items-start gap-3">
            <dt>
              {event.isOnline ? (
                <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              ) : (
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              )}
              <span className="sr-only">
                <Trans>Where</Trans>
              </span>
            </dt>
            <dd className="font-medium">{event.isOnline ? t`Online event` : event.location}</dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-border pt-3">
            <dt className="text-muted-foreground">
              <Trans>Holder</Trans>
            </dt>
            <dd className="font-medium">{ticket.holderName}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">
              <Trans>Price</Trans>
            </dt>
            <dd className="font-medium">{formatPrice(ticket.paidCents, ticket.currency)}</dd>
          </div>
        </dl>
      </div>

      {ticket.code && ticket.status !== 'void' ? <WalletButtons ticketId={ticket.id} /> : null}
      <div className="grid gap-2 sm:grid-cols-2 print:hidden">
        <a href={ticketPdfUrl(ticket.id)} download className={outline}>
          <Download aria-hidden="true" className="size-4" />
          <Trans>Download PDF</Trans>
        </a>
        <Button
          variant="outline"
          size="sm"
          className="justify-start"
          onClick={() => window.print()}
        >
          <Printer aria-hidden="true" className="size-4" />
          <Trans>Print</Trans>
        </Button>
        <a href={icsUrl(event.id)} download className={outline}>
          <Download aria-hidden="true" className="size-4" />
          <Trans>Add to calendar (.ics)</Trans>
        </a>
        <a
          href={googleCalendarUrl(calendarEvent, pageUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={outline}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Google Calendar
        </a>
      </div>
      <div className="flex flex-wrap gap-4 text-sm print:hidden">
        <Link to={paths.event(event.id)} className="font-medium text-primary hover:underline">
          <Trans>Event page</Trans>
        </Link>
        <Link
          to={paths.receipt(ticket.orderId)}
          className="font-medium text-primary hover:underline"
        >
          <Trans>Receipt</Trans>
        </Link>
        <OrderInvoiceLink
          orderId={ticket.orderId}
          className="font-medium text-primary hover:underline"
        />
        <Link to={paths.dashboard()} className="font-medium text-primary hover:underline">
          <Trans>All my tickets</Trans>
        </Link>
      </div>
    </article>
  );
}
