import { Trans, useLingui } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { type VendorOpportunity, type VendorOpportunityList } from '../../../contracts/vendors';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { apiGet } from '../../lib/api-client';
import { formatFee, formatWhen } from './vendor-format';
import { IncludedTax } from '../taxes';
import { vendorKeys } from './api';
import { vendorPaths } from './vendor-paths';

const opportunitiesQuery = queryOptions({
  queryKey: vendorKeys.opportunities(),
  queryFn: ({ signal }) => apiGet<VendorOpportunityList>('/api/vendor-opportunities', { signal }),
});

/** The events asking for vendors now, each with a link to apply. */
export function Opportunities() {
  const { t } = useLingui();
  const query = useQuery(opportunitiesQuery);
  if (query.isPending) return <PageSpinner />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Events looking for vendors could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.events.length === 0)
    return (
      <EmptyState icon={Store} title={t`No events are looking for vendors right now`}>
        <p className="text-muted-foreground">
          <Trans>
            Check back soon, or make sure your profile is complete so organizers can hire you.
          </Trans>
        </p>
        <Link to={vendorPaths.profile()} className={buttonClasses({ variant: 'outline' })}>
          <Trans>Edit your vendor profile</Trans>
        </Link>
      </EmptyState>
    );
  return (
    <section aria-labelledby="opportunities-title" className="flex flex-col gap-4">
      <h2 id="opportunities-title" className="text-xl font-bold">
        <Trans>Events looking for vendors</Trans>
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {query.data.events.map((event) => (
          <OpportunityCard key={event.eventId} event={event} />
        ))}
      </ul>
    </section>
  );
}

function OpportunityCard({ event }: { event: VendorOpportunity }) {
  const { t } = useLingui();
  const fee = formatFee(event.vendorFee, event.currency);
  const title = event.title;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-4">
      <h3 className="font-semibold">{event.title}</h3>
      <p className="text-sm text-muted-foreground">
        <time dateTime={event.startsAt}>{formatWhen(event)}</time> · {event.location}
      </p>
      <p className="text-sm">
        {event.vendorFee > 0 ? t`Vendor fee ${fee}` : t`No vendor fee`}
        {event.vendorFee > 0 ? (
          <IncludedTax kind="vendor_fee" itemId={event.eventId} className="ms-1" />
        ) : null}
      </p>
      <Link
        to={vendorPaths.apply(event.eventId, event.title)}
        className={buttonClasses({ size: 'sm', className: 'self-start' })}
      >
        <Trans>
          Apply<span className="sr-only"> to {title}</span>
        </Trans>
      </Link>
    </li>
  );
}
