import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarClock, CheckCircle2, MessageSquare, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ApproveVendorResponse, VendorRequestCard } from '../../../contracts/vendors';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { PersonAvatar } from '../../components/person-avatar';
import { ApiError } from '../../lib/api-client';
import { useServiceTypeLabel } from '../service-types';
import { useApproveVendor, useRejectVendor } from './api';
import { formatFee, formatWhen, PAYMENT_STATUS, REQUEST_STATUS } from './vendor-format';
import { VENDOR_TEXT as TEXT } from './vendor-messages';
import { vendorPaths } from './vendor-paths';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * One vendor's application: the event, the vendor, their message, services and links, its
 * status and payment; Accept/Reject for the event's owner, Contact for everyone else.
 */
export function RequestCard({
  request,
  eventId,
  canManage,
  onApproved,
}: {
  request: VendorRequestCard;
  eventId: string;
  canManage: boolean;
  onApproved: (result: ApproveVendorResponse) => void;
}) {
  const { i18n, t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const approve = useApproveVendor(eventId);
  const reject = useRejectVendor(eventId);
  const status = REQUEST_STATUS[request.status];
  const payment = request.paymentStatus ? PAYMENT_STATUS[request.paymentStatus] : null;
  const name = request.vendor.displayName;
  const headingId = `request-${request.id}`;
  const busy = approve.isPending || reject.isPending;
  const fee = request.vendorFeeAmount
    ? formatFee(request.vendorFeeAmount, request.event.currency)
    : '';

  function onApprove() {
    approve.mutate(request.id, {
      onSuccess: (result) => {
        if (result.outcome === 'checkout_failed') {
          // spec §4: the approval stands, the vendor is asked to contact the organizer.
          toast.error(i18n._(TEXT.checkoutFailedToastTitle), {
            description: i18n._(TEXT.checkoutFailedToast),
          });
        } else if (result.outcome === 'payment_required') {
          toast.success(i18n._(TEXT.approvedToastTitle), {
            description: i18n._(TEXT.paymentRequestedToast),
          });
        } else {
          toast.success(i18n._(TEXT.approvedToastTitle), {
            description: i18n._(TEXT.approvedToast),
          });
        }
        onApproved(result);
      },
      onError: (error) =>
        isForbidden(error)
          ? toast.error(i18n._(TEXT.permissionDeniedTitle), {
              description: i18n._(TEXT.onlyCreatorApprove),
            })
          : toast.error(i18n._(TEXT.approveFailed)),
    });
  }

  function onReject() {
    reject.mutate(request.id, {
      onSuccess: () =>
        toast.success(i18n._(TEXT.rejectedToastTitle), {
          description: i18n._(TEXT.rejectedToast),
        }),
      onError: (error) =>
        isForbidden(error)
          ? toast.error(i18n._(TEXT.permissionDeniedTitle), {
              description: i18n._(TEXT.onlyCreatorReject),
            })
          : toast.error(i18n._(TEXT.rejectFailed)),
    });
  }

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-semibold">{request.event.title}</p>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              <time dateTime={request.event.startsAt}>{formatWhen(request.event)}</time>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
            {payment && request.status === 'approved' ? (
              <Badge variant={payment.variant}>{i18n._(payment.label)}</Badge>
            ) : null}
          </div>
        </div>
        <div className="flex items-center gap-3">
          <PersonAvatar name={name} avatarUrl={request.vendor.avatarUrl} />
          <div className="min-w-0">
            <h2 id={headingId} className="truncate text-lg font-semibold">
              <Link to={vendorPaths.vendor(request.vendor.id)} className="hover:underline">
                {name}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">
              {serviceTypeLabel(request.vendor.displayCategory)}
            </p>
          </div>
        </div>
        <p className="break-words whitespace-pre-line">{request.message}</p>
        {request.services.length ? (
          <div className="flex flex-wrap gap-2" aria-label={t`Services offered`}>
            {request.services.map((service) => (
              <Badge key={service} variant="outline">
                {service}
              </Badge>
            ))}
          </div>
        ) : null}
        {request.links.length ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label={t`Links`}>
            {request.links.map((link) => (
              <li key={link} className="truncate">
                <a
                  href={link}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-primary underline"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {request.status === 'approved' && request.vendorFeeAmount ? (
          <p className="text-sm text-muted-foreground">
            <Trans>Vendor fee: {fee}</Trans>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canManage && request.status === 'pending' ? (
            <>
              <Button onClick={onApprove} disabled={busy} aria-describedby={headingId}>
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {approve.isPending ? t`Accepting...` : t`Accept`}
              </Button>
              <Button
                variant="outline"
                onClick={onReject}
                disabled={busy}
                aria-describedby={headingId}
              >
                <XCircle aria-hidden="true" className="size-4" />
                {reject.isPending ? t`Rejecting...` : t`Reject`}
              </Button>
            </>
          ) : (
            <Link
              to={request.contactPath || vendorPaths.message(request.vendor.id, name)}
              className={buttonClasses({ variant: 'outline' })}
              aria-describedby={headingId}
            >
              <MessageSquare aria-hidden="true" className="size-4" />
              <Trans>Contact</Trans>
            </Link>
          )}
        </div>
      </article>
    </li>
  );
}
