import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarClock,
  CheckCircle2,
  Inbox,
  MessageSquare,
  XCircle,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ApproveVendorResponse, VendorRequestCard } from '../../../contracts/vendors';
import { EmptyState, isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import {
  markVendorRequestsRead,
  useApproveVendor,
  useRejectVendor,
  vendorRequestsQuery,
} from './api';
import { useLiveVendorRequests } from './use-live-vendor-requests';
import { PersonAvatar } from '../../components/person-avatar';
import {
  formatFee,
  formatWhen,
  PAYMENT_STATUS,
  REQUEST_STATUS,
  splitRequests,
} from './vendor-format';
import { VENDOR_TEXT as TEXT } from './vendor-messages';
import { vendorPaths } from './vendor-paths';
import { useServiceTypeLabel } from '../service-types';

type Tab = 'pending' | 'processed';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * spec §2 "Vendor applications screen" (/vendor_requests/{eventId}): Pending and Processed
 * tabs, cards with Accept/Reject for the event owner and Contact for everyone else. Unread
 * requests are marked read on load (spec §4); the list refreshes every 30 s (spec §9) and
 * reloads live on vendor_requests changes (spec §7).
 */
export function VendorRequestsScreen({ eventId }: { eventId: string }) {
  const { i18n, t } = useLingui();
  const idBase = useId();
  const queryClient = useQueryClient();
  const query = useQuery(vendorRequestsQuery(eventId));
  const [tab, setTab] = useState<Tab>('pending');
  const [approval, setApproval] = useState<ApproveVendorResponse | null>(null);
  useLiveVendorRequests(eventId);

  const canManage = query.data?.canManage ?? false;
  const unread = query.data?.requests.some((r) => !r.read) ?? false;
  const markedFor = useRef<string | null>(null);
  useEffect(() => {
    // Once per screen visit, and only for the owner (others would get 403); new unread
    // requests arriving while the screen is open are marked on the next visit.
    if (!canManage || markedFor.current === eventId) return;
    markedFor.current = eventId;
    markVendorRequestsRead(eventId)
      .then((result) => {
        if (result.notificationsMarked > 0)
          void queryClient.invalidateQueries({ queryKey: ['notifications'] });
        if (result.requestsMarked > 0 && unread)
          void queryClient.invalidateQueries({ queryKey: vendorRequestsQuery(eventId).queryKey });
      })
      .catch(() => {
        // Marking read is a courtesy; the screen works without it and tries again next visit.
        markedFor.current = null;
      });
  }, [canManage, eventId, queryClient, unread]);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 md:py-12">
      <div>
        <Link
          to={paths.event(eventId)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          {i18n._(TEXT.backToEvent)}
        </Link>
      </div>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
          {i18n._(TEXT.screenTitle)}
        </h1>
        <p className="text-muted-foreground">{i18n._(TEXT.screenSubtitle)}</p>
        {query.data ? (
          <p className="text-sm font-medium">
            <span className="sr-only">
              <Trans>Event:</Trans>{' '}
            </span>
            {query.data.event.title}
          </p>
        ) : null}
      </header>

      {approval ? <ApprovalNotice result={approval} onClose={() => setApproval(null)} /> : null}

      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        isMissing(query.error) ? (
          <Alert variant="destructive" title={t`Event not found`}>
            <Trans>This event does not exist or was removed.</Trans>
          </Alert>
        ) : (
          <LoadFailed
            title={i18n._(TEXT.loadFailed)}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )
      ) : (
        <RequestTabs
          idBase={idBase}
          eventId={eventId}
          tab={tab}
          onTab={setTab}
          requests={query.data.requests}
          canManage={query.data.canManage}
          onApproved={setApproval}
        />
      )}
    </div>
  );
}

function RequestTabs({
  idBase,
  eventId,
  tab,
  onTab,
  requests,
  canManage,
  onApproved,
}: {
  idBase: string;
  eventId: string;
  tab: Tab;
  onTab: (tab: Tab) => void;
  requests: VendorRequestCard[];
  canManage: boolean;
  onApproved: (result: ApproveVendorResponse) => void;
}) {
  const { i18n, t } = useLingui();
  const { pending, processed } = splitRequests(requests);
  return (
    <div className="flex flex-col gap-4">
      <TabList
        idBase={idBase}
        label={t`Vendor applications`}
        value={tab}
        onChange={onTab}
        items={[
          { value: 'pending', label: i18n._(TEXT.pendingTab), count: pending.length },
          { value: 'processed', label: i18n._(TEXT.processedTab) },
        ]}
        className="sm:max-w-sm"
      />
      <TabPanel idBase={idBase} value="pending" isActive={tab === 'pending'}>
        {pending.length === 0 ? (
          <EmptyState icon={Inbox} title={i18n._(TEXT.pendingEmptyTitle)}>
            <p className="text-muted-foreground">{i18n._(TEXT.pendingEmptyBody)}</p>
          </EmptyState>
        ) : (
          <CardList
            requests={pending}
            eventId={eventId}
            canManage={canManage}
            onApproved={onApproved}
          />
        )}
      </TabPanel>
      <TabPanel idBase={idBase} value="processed" isActive={tab === 'processed'}>
        {processed.length === 0 ? (
          <EmptyState icon={CheckCircle2} title={i18n._(TEXT.processedEmptyTitle)}>
            <p className="text-muted-foreground">{i18n._(TEXT.processedEmptyBody)}</p>
          </EmptyState>
        ) : (
          <CardList
            requests={processed}
            eventId={eventId}
            canManage={canManage}
            onApproved={onApproved}
          />
        )}
      </TabPanel>
    </div>
  );
}

function CardList(props: {
  requests: VendorRequestCard[];
  eventId: string;
  canManage: boolean;
  onApproved: (result: ApproveVendorResponse) => void;
}) {
  return (
    <ul className="flex flex-col gap-4">
      {props.requests.map((request) => (
        <RequestCard key={request.id} request={request} {...props} />
      ))}
    </ul>
  );
}

function RequestCard({
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
  const fee = request.vendorFeeAmount ? formatFee(request.vendorFeeAmount) : '';

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

/** After an approval: with a fee, the payment link the vendor was sent (spec §4). */
function ApprovalNotice({
  result,
  onClose,
}: {
  result: ApproveVendorResponse;
  onClose: () => void;
}) {
  const { i18n, t } = useLingui();
  if (result.outcome === 'payment_required') {
    const fee = formatFee(result.vendorFee);
    const url = result.paymentUrl;
    return (
      <Alert variant="info" title={t`Payment link sent`}>
        <p>
          <Trans>
            The vendor was approved and asked to pay the vendor fee of {fee}. They join the event
            group chat once it is paid.
          </Trans>
        </p>
        {url ? (
          <p className="break-all">
            <Trans>
              Payment link:{' '}
              <a href={url} className="font-medium text-primary underline">
                {url}
              </a>
            </Trans>
          </p>
        ) : null}
        <Button variant="outline" size="sm" onClick={onClose}>
          <Trans>Dismiss</Trans>
        </Button>
      </Alert>
    );
  }
  if (result.outcome === 'checkout_failed') {
    return (
      <Alert variant="destructive" title={i18n._(TEXT.checkoutFailedToastTitle)}>
        <p>{i18n._(TEXT.checkoutFailedToast)}</p>
        <Button variant="outline" size="sm" onClick={onClose}>
          <Trans>Dismiss</Trans>
        </Button>
      </Alert>
    );
  }
  return null;
}
