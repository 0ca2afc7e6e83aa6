import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, ClipboardList, CreditCard, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { VendorApplication } from '../../../contracts/vendors';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { myApplicationsQuery, usePayVendorFee } from './api';
import { useLiveVendorRequests } from './use-live-vendor-requests';
import { formatFee, formatWhen, PAYMENT_STATUS, REQUEST_STATUS } from './vendor-format';
import { vendorPaths } from './vendor-paths';
import { IncludedTax } from '../taxes';

/** /vendor_applications: the vendor's own applications with their status and any fee due. */
export function MyApplications() {
  const { t } = useLingui();
  const query = useQuery(myApplicationsQuery);
  useLiveVendorRequests();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    // Non-vendors never get here: the route's RoleGuard (vendor) answers them.
    return (
      <LoadFailed
        title={t`Your applications could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.applications.length === 0) {
    return (
      <EmptyState icon={ClipboardList} title={t`No applications yet`}>
        <p className="text-muted-foreground">
          <Trans>
            When you apply to work at an event, your application and its status appear here.
          </Trans>
        </p>
        <Link to={vendorPaths.opportunities()} className={buttonClasses()}>
          <Trans>Find events looking for vendors</Trans>
        </Link>
      </EmptyState>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {query.data.applications.map((application) => (
        <ApplicationCard key={application.id} application={application} />
      ))}
    </ul>
  );
}

function ApplicationCard({ application }: { application: VendorApplication }) {
  const { i18n, t } = useLingui();
  const pay = usePayVendorFee();
  const status = REQUEST_STATUS[application.status];
  const payment = application.paymentStatus ? PAYMENT_STATUS[application.paymentStatus] : null;
  const headingId = `application-${application.id}`;
  const organizer = application.organizer.name;
  const fee = application.vendorFeeAmount
    ? formatFee(application.vendorFeeAmount, application.event.currency)
    : '';

  function onPay() {
    pay.mutate(application.id, {
      // The checkout is a page of its own (the local provider's /pay/… or the card provider's).
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) =>
        toast.error(t`Checkout Failed`, {
          description: errorMessage(error, t`Failed to create checkout session. Please try again.`),
        }),
    });
  }

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold">
              <Link to={paths.event(application.event.id)} className="hover:underline">
                {application.event.title}
              </Link>
            </h2>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              <time dateTime={application.event.startsAt}>{formatWhen(application.event)}</time>
              {application.event.location ? ` · ${application.event.location}` : ''}
            </p>
            <p className="text-sm text-muted-foreground">
              <Trans>Organizer: {organizer}</Trans>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
            {payment && application.status === 'approved' ? (
              <Badge variant={payment.variant}>{i18n._(payment.label)}</Badge>
            ) : null}
          </div>
        </div>
        <p className="break-words whitespace-pre-line text-sm">{application.message}</p>
        {application.feeDue && application.vendorFeeAmount ? (
          <p className="text-sm font-medium">
            <Trans>Vendor fee due: {fee}</Trans>
            <IncludedTax
              kind="vendor_fee"
              itemId={application.event.id}
              className="ms-1 font-normal"
            />
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {application.feeDue ? (
            <Button onClick={onPay} disabled={pay.isPending} aria-describedby={headingId}>
              <CreditCard aria-hidden="true" className="size-4" />
              {pay.isPending ? t`Opening checkout...` : t`Pay`}
            </Button>
          ) : null}
          {application.canAccessChat && application.chatPath ? (
            <Link
              to={application.chatPath}
              className={buttonClasses({ variant: 'outline' })}
              aria-describedby={headingId}
            >
              <MessagesSquare aria-hidden="true" className="size-4" />
              <Trans>Event group chat</Trans>
            </Link>
          ) : null}
        </div>
      </article>
    </li>
  );
}
