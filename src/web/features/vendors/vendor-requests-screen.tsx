import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Inbox } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ApproveVendorResponse, VendorRequestCard } from '../../../contracts/vendors';
import { EmptyState, isMissing, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { paths } from '../../lib/paths';
import { notificationKeys } from '../notifications';
import { markVendorRequestsRead, vendorRequestsQuery } from './api';
import { useLiveVendorRequests } from './use-live-vendor-requests';
import { formatFee, splitRequests } from './vendor-format';
import { VENDOR_TEXT as TEXT } from './vendor-messages';
import { RequestCard } from './vendor-request-card';

type Tab = 'pending' | 'processed';

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
          void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
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
    const fee = formatFee(result.vendorFee, result.currency);
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
