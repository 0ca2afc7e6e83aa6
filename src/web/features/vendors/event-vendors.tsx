import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Store } from 'lucide-react';
import { Link } from 'react-router';
import { readVendorRequirements, resolveVendorFee } from '../../../contracts/vendors';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../session';
import { eventVendorInfoQuery, vendorRequestsQuery } from './api';
import { PersonAvatar } from '../../components/person-avatar';
import { formatFee, PAYMENT_STATUS, REQUEST_STATUS } from './vendor-format';
import { useServiceTypeLabel } from '../service-types';
import { vendorPaths } from './vendor-paths';

export interface EventForVendors {
  id: string;
  title: string;
  vendorFeeAmount: number | null;
  /** The event's currency: its vendor fee is in it. */
  currency: string;
  metadata: unknown;
  eventStatus: string;
}

/**
 * An event asks for vendors when it has a vendor fee (spec §3 vendor_fee_amount, 0 included)
 * or vendor requirements in its metadata.
 */
export function asksForVendors(event: Pick<EventForVendors, 'vendorFeeAmount' | 'metadata'>) {
  if (event.vendorFeeAmount !== null && event.vendorFeeAmount !== undefined) return true;
  const raw = (event.metadata as Record<string, unknown> | null)?.vendor_requirements;
  return Boolean(raw && typeof raw === 'object');
}

/**
 * The event page's vendor section: what the event asks of vendors, "Apply as vendor"
 * (spec §2 /vendors/apply?event=&name=), the caller's own application, and the approved
 * vendors (listed for the owner, who can also open the applications screen).
 */
export function EventVendors({ event, isOwner }: { event: EventForVendors; isOwner: boolean }) {
  const { i18n, t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const { user } = useSession();
  const isAsking = asksForVendors(event);
  const info = useQuery({ ...eventVendorInfoQuery(event.id), enabled: isAsking || isOwner });
  const requests = useQuery({ ...vendorRequestsQuery(event.id), enabled: isOwner });
  const requirements = readVendorRequirements(event.metadata);
  const fee = resolveVendorFee(event);
  const mine = info.data?.myRequest ?? null;
  const canApply =
    isAsking &&
    !isOwner &&
    event.eventStatus === 'published' &&
    (!user || user.userType === 'vendor') &&
    (!mine || mine.status === 'rejected');
  const approved = requests.data?.requests.filter((r) => r.status === 'approved') ?? [];
  const approvedCount = isOwner ? approved.length : (info.data?.approvedCount ?? 0);
  const feeText = formatFee(fee, event.currency);
  const spots = requirements.spots;
  const pendingCount = requests.data?.pendingCount ?? 0;

  return (
    <section
      aria-labelledby="vendors-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="vendors-title" className="flex items-center gap-2 text-xl font-bold">
        <Store aria-hidden="true" className="size-5 text-primary" />
        <Trans>Vendors</Trans>
      </h2>
      {isAsking ? (
        <>
          <p>
            <Trans>This event is looking for vendors.</Trans>
          </p>
          <ul className="flex flex-col gap-1 text-sm">
            <li>{fee > 0 ? t`Vendor fee: ${feeText}, paid after approval` : t`No vendor fee`}</li>
            {spots ? (
              <li>
                <Trans>
                  Spots: {approvedCount} of {spots} filled
                </Trans>
              </li>
            ) : null}
            {requirements.categories?.length ? (
              <li className="flex flex-wrap items-center gap-2">
                <Trans>Looking for:</Trans>
                {requirements.categories.map((c) => (
                  <Badge key={c} variant="outline">
                    {serviceTypeLabel(c)}
                  </Badge>
                ))}
              </li>
            ) : null}
          </ul>
        </>
      ) : (
        <p className="text-muted-foreground">
          {isOwner
            ? t`Set a vendor fee or vendor requirements on the event to invite vendors to apply.`
            : t`This event is not asking for vendors.`}
        </p>
      )}

      {mine ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Trans>Your application:</Trans>{' '}
          <Badge variant={REQUEST_STATUS[mine.status].variant}>
            {i18n._(REQUEST_STATUS[mine.status].label)}
          </Badge>
          {mine.paymentStatus && mine.status === 'approved' ? (
            <Badge variant={PAYMENT_STATUS[mine.paymentStatus].variant}>
              {i18n._(PAYMENT_STATUS[mine.paymentStatus].label)}
            </Badge>
          ) : null}
          <Link to={vendorPaths.applications()} className="font-medium text-primary underline">
            <Trans>Your applications</Trans>
          </Link>
          {mine.status === 'approved' ? (
            // A full page load: that page's document alone may use geolocation.
            <a
              href={`/event/${event.id}/vendor-location`}
              className="font-medium text-primary underline"
            >
              <Trans>Share my location with the organizer</Trans>
            </a>
          ) : null}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {canApply ? (
          <Link to={vendorPaths.apply(event.id, event.title)} className={buttonClasses()}>
            <Trans>Apply as vendor</Trans>
          </Link>
        ) : null}
        {isOwner ? (
          <Link
            to={`/event/${event.id}/vendor-locations`}
            className={buttonClasses({ variant: 'outline' })}
          >
            <Trans>Vendors’ locations</Trans>
          </Link>
        ) : null}
        {isOwner ? (
          <Link
            to={vendorPaths.requests(event.id)}
            className={buttonClasses({ variant: 'outline' })}
          >
            <ClipboardList aria-hidden="true" className="size-4" />
            <Trans>Vendor applications</Trans>
            {pendingCount ? (
              <Badge className="ms-1">
                <Trans>{pendingCount} pending</Trans>
              </Badge>
            ) : null}
          </Link>
        ) : null}
      </div>

      {isAsking || isOwner ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold">
            <Trans>Approved vendors</Trans>
          </h3>
          {isOwner && requests.isPending ? (
            <Spinner label={t`Loading approved vendors`} />
          ) : isOwner ? (
            approved.length ? (
              <ul className="flex flex-col gap-2">
                {approved.map((r) => (
                  <li key={r.id} className="flex items-center gap-3">
                    <PersonAvatar
                      name={r.vendor.displayName}
                      avatarUrl={r.vendor.avatarUrl}
                      className="size-9 text-sm"
                    />
                    <span className="min-w-0">
                      <Link
                        to={vendorPaths.vendor(r.vendor.id)}
                        className="block truncate font-medium hover:underline"
                      >
                        {r.vendor.displayName}
                      </Link>
                      <span className="text-sm text-muted-foreground">
                        {serviceTypeLabel(r.vendor.displayCategory)}
                        {r.paymentStatus
                          ? ` · ${i18n._(PAYMENT_STATUS[r.paymentStatus].label)}`
                          : ''}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">
                <Trans>No approved vendors yet.</Trans>
              </p>
            )
          ) : (
            <p className="text-sm text-muted-foreground">
              {approvedCount === 0
                ? t`No approved vendors yet.`
                : t`${plural(approvedCount, { one: '# vendor is approved for this event.', other: '# vendors are approved for this event.' })}`}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
