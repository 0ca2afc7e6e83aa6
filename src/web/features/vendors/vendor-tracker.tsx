import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import type { VendorTracker } from '../../../contracts/vendors';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { vendorTrackerQuery } from './api';
import { useLiveVendorRequests } from './use-live-vendor-requests';
import { trackerCells, type StageCell } from './tracker-stages';
import { formatFee, formatWhen } from './vendor-format';
import { useServiceTypeLabel } from '../service-types';
import { vendorPaths } from './vendor-paths';

const STAGES = ['invited', 'applied', 'approved', 'paid'] as const;
const STAGE_LABEL: Record<(typeof STAGES)[number], MessageDescriptor> = {
  invited: msg`Invited`,
  applied: msg`Applied`,
  approved: msg`Approved`,
  paid: msg`Paid`,
};

const CELL_CLASS: Record<StageCell['state'], string> = {
  done: 'text-success font-medium',
  waiting: 'text-warning font-medium',
  no: 'text-destructive',
  none: 'text-muted-foreground',
};

/** The organizer's tracker: for each event, which vendors are invited, applied, approved, paid. */
export function VendorTrackerView() {
  const { t } = useLingui();
  const query = useQuery(vendorTrackerQuery);
  useLiveVendorRequests();
  if (query.isPending) return <Spinner label={t`Loading the tracker`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`The tracker could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.events.length === 0)
    return (
      <EmptyState icon={ClipboardList} title={t`No events to track yet`}>
        <p className="text-muted-foreground">
          <Trans>Vendors you invite and vendors who apply to your events appear here.</Trans>
        </p>
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-6">
      {query.data.events.map((entry) => (
        <TrackerEvent key={entry.event.id} entry={entry} />
      ))}
    </ul>
  );
}

function TrackerEvent({ entry }: { entry: VendorTracker['events'][number] }) {
  const { event, rows, counts, vendorFee } = entry;
  const headingId = `tracker-${event.id}`;
  const { i18n, t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const fee = formatFee(vendorFee, event.currency);
  const title = event.title;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            <Link to={paths.event(event.id)} className="hover:underline">
              {event.title}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">
            <time dateTime={event.startsAt}>{formatWhen(event)}</time> ·{' '}
            {vendorFee > 0 ? t`vendor fee ${fee}` : t`no vendor fee`}
          </p>
        </div>
        <Link
          to={vendorPaths.requests(event.id)}
          className="text-sm font-medium text-primary underline"
        >
          <Trans>
            Vendor applications<span className="sr-only"> for {title}</span>
          </Trans>
        </Link>
      </div>
      <dl className="grid grid-cols-4 gap-2 text-center">
        {STAGES.map((stage) => (
          <div key={stage} className="rounded-md bg-muted p-2">
            <dt className="text-xs text-muted-foreground">{i18n._(STAGE_LABEL[stage])}</dt>
            <dd className="text-xl font-bold">{counts[stage]}</dd>
          </div>
        ))}
      </dl>
      {rows.length ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-start text-sm" aria-labelledby={headingId}>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pe-3 font-semibold">
                  <Trans>Vendor</Trans>
                </th>
                {STAGES.map((stage) => (
                  <th key={stage} scope="col" className="px-2 py-2 font-semibold">
                    {i18n._(STAGE_LABEL[stage])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const cells = trackerCells(row);
                return (
                  <tr key={row.vendor.id} className="border-b border-border last:border-0">
                    <th scope="row" className="py-2 pe-3 font-medium">
                      <Link to={vendorPaths.vendor(row.vendor.id)} className="hover:underline">
                        {row.vendor.displayName}
                      </Link>
                      <span className="block text-xs font-normal text-muted-foreground">
                        {serviceTypeLabel(row.vendor.displayCategory)}
                      </span>
                    </th>
                    {STAGES.map((stage) => (
                      <td key={stage} className={cn('px-2 py-2', CELL_CLASS[cells[stage].state])}>
                        {cells[stage].text}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No vendors invited or applied yet.</Trans>
        </p>
      )}
    </li>
  );
}
