import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Search, UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { VendorServiceType, VendorSummary } from '../../../contracts/vendors';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { PersonAvatar } from '../../components/person-avatar';
import { useServiceTypeLabel } from '../service-types';
import { vendorDirectoryQuery, vendorPageQuery } from './api';
import { HireDialog } from './hire-dialog';
import { ServiceTypeSelect, VendorSearchInput } from './vendor-search-fields';
import { vendorPaths } from './vendor-paths';

/** Search the directory from the hiring page and open a hire request for a vendor found. */
export function FindVendors() {
  const { t } = useLingui();
  const serviceTypeLabel = useServiceTypeLabel();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<VendorServiceType | ''>('');
  const preselected = params.get('vendor');
  const [hiring, setHiring] = useState<VendorSummary | null>(null);
  const results = useQuery(
    vendorDirectoryQuery({ q: q || undefined, category: category || undefined, pageSize: 6 }),
  );
  const preselectedVendor = useQuery({
    ...vendorPageQuery(preselected ?? ''),
    enabled: Boolean(preselected),
  });
  const fromLink = preselectedVendor.data?.vendor ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setQ(term.trim());
  }

  function closeDialog() {
    setHiring(null);
    if (preselected) {
      const next = new URLSearchParams(params);
      next.delete('vendor');
      setParams(next, { replace: true });
    }
  }

  const target = hiring ?? fromLink;

  return (
    <section aria-labelledby="find-title" className="flex flex-col gap-4">
      <div>
        <h2 id="find-title" className="text-2xl font-bold">
          <Trans>Find a vendor</Trans>
        </h2>
        <p className="text-muted-foreground">
          <Trans>Search the directory and send a hire request.</Trans>
        </p>
      </div>
      <form
        role="search"
        aria-label={t`Find vendors to hire`}
        onSubmit={submit}
        className="grid gap-3 rounded-lg border border-border bg-card p-4 md:grid-cols-[2fr_1fr_auto] md:items-end"
      >
        <VendorSearchInput
          id={`${id}-q`}
          value={term}
          onChange={setTerm}
          placeholder={t`Name or business`}
        />
        <ServiceTypeSelect id={`${id}-category`} value={category} onChange={setCategory} />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" className="size-4" />
          <Trans>Search</Trans>
        </Button>
      </form>
      {results.isPending ? (
        <Spinner label={t`Loading vendors`} />
      ) : results.isError ? (
        <LoadFailed
          title={t`The vendors could not be loaded`}
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : results.data.vendors.length === 0 ? (
        <EmptyState icon={Users} title={t`No vendors found`}>
          <p className="text-muted-foreground">
            <Trans>Try another name or service type.</Trans>
          </p>
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {results.data.vendors.map((vendor) => (
            <li
              key={vendor.id}
              className="flex items-center gap-3 rounded-lg border border-border bg-card p-3"
            >
              <PersonAvatar name={vendor.displayName} avatarUrl={vendor.avatarUrl} />
              <div className="min-w-0 flex-1">
                <Link
                  to={vendorPaths.vendor(vendor.id)}
                  className="block truncate font-semibold hover:underline"
                >
                  {vendor.displayName}
                </Link>
                <p className="truncate text-sm text-muted-foreground">
                  {serviceTypeLabel(vendor.displayCategory)}
                </p>
              </div>
              <Button size="sm" onClick={() => setHiring(vendor)}>
                <UserPlus aria-hidden="true" className="size-4" />
                <HireLabel name={vendor.displayName} />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {target ? <HireDialog vendor={target} onClose={closeDialog} /> : null}
    </section>
  );
}

/** "Hire", naming the vendor for screen readers. */
function HireLabel({ name }: { name: string }) {
  return (
    <Trans>
      Hire<span className="sr-only"> {name}</span>
    </Trans>
  );
}
