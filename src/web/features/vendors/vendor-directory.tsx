import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MapPin, Star, Store } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { pageDataFor } from '../../app/server-head';
import { VENDOR_SERVICE_TYPES } from '../../../contracts/enums';
import type {
  VendorCard,
  VendorDirectorySort,
  VendorServiceType,
} from '../../../contracts/vendors';
// Not from vendors.ts: its schemas would bring zod into the directory's first view.
import {
  VENDOR_DIRECTORY_PAGE_SIZE,
  VENDOR_DIRECTORY_SORTS,
} from '../../../contracts/vendor-vocabulary';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { formatMoney } from '../../lib/money';
import { PageNav } from '../../components/page-nav';
import { clampPage, pageCount, pageRange } from '../../lib/pagination';
import { vendorDirectoryQuery } from './api';
import { PersonAvatar } from '../../components/person-avatar';
import { useServiceTypeLabel } from '../service-types';
import { ServiceTypeSelect, VendorSearchInput } from './vendor-search-fields';
import { vendorPaths } from './vendor-paths';

const SORT_LABEL: Record<VendorDirectorySort, MessageDescriptor> = {
  newest: msg`Newest`,
  name: msg`Name (A–Z)`,
  rating: msg`Top rated`,
};

const asServiceType = (value: string | null): VendorServiceType | undefined =>
  (VENDOR_SERVICE_TYPES as readonly string[]).includes(value ?? '')
    ? (value as VendorServiceType)
    : undefined;

const asSort = (value: string | null): VendorDirectorySort =>
  (VENDOR_DIRECTORY_SORTS as readonly string[]).includes(value ?? '')
    ? (value as VendorDirectorySort)
    : 'newest';

/** /vendors: search, service type and area filters, sort and pages; the state lives in the URL. */
export function VendorDirectory() {
  const { t, i18n } = useLingui();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const area = params.get('area')?.trim() ?? '';
  const category = asServiceType(params.get('category'));
  const sort = asSort(params.get('sort'));
  const requestedPage = clampPage(params.get('page'), Number.MAX_SAFE_INTEGER);
  // /vendors without filters: the server wrote the first page into the HTML.
  const { pathname } = useLocation();
  const [seed] = useState(() => pageDataFor(pathname, 'vendors'));
  const isUnfiltered = !q && !area && !category && sort === 'newest' && requestedPage === 1;
  const query = useQuery({
    ...vendorDirectoryQuery({
      q: q || undefined,
      area: area || undefined,
      category,
      sort,
      page: requestedPage,
    }),
    // Still asked for in the background: the server keeps a page's head for a few seconds.
    ...(isUnfiltered && seed ? { initialData: seed.directory } : {}),
  });
  const [term, setTerm] = useState(q);
  const [areaTerm, setAreaTerm] = useState(area);

  function update(changes: Record<string, string>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    update({ q: term.trim(), area: areaTerm.trim(), page: '' });
  }

  const total = query.data?.total ?? 0;
  const pageSize = query.data?.pageSize ?? VENDOR_DIRECTORY_PAGE_SIZE;
  const last = pageCount(total, pageSize);
  const page = clampPage(query.data?.page ?? requestedPage, last);
  const range = pageRange(page, pageSize, total);
  const isFiltered = Boolean(q || area || category);
  const { from, to } = range;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
        <form
          role="search"
          aria-label={t`Vendors`}
          onSubmit={submit}
          className="grid gap-4 md:grid-cols-[2fr_1fr_auto] md:items-end"
        >
          <VendorSearchInput
            id={`${id}-q`}
            value={term}
            onChange={setTerm}
            placeholder={t`Name, business or description`}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-area`}>
              <Trans>Area</Trans>
            </Label>
            <Input
              id={`${id}-area`}
              type="search"
              value={areaTerm}
              onChange={(e) => setAreaTerm(e.target.value)}
              placeholder={t`City or region`}
            />
          </div>
          <Button type="submit" variant="outline">
            <Trans>Search</Trans>
          </Button>
        </form>
        <div className="grid gap-4 sm:grid-cols-2 md:max-w-xl">
          <ServiceTypeSelect
            id={`${id}-category`}
            value={category ?? ''}
            onChange={(value) => update({ category: value, page: '' })}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-sort`}>
              <Trans>Sort by</Trans>
            </Label>
            <Select
              id={`${id}-sort`}
              value={sort}
              onChange={(e) =>
                update({ sort: e.target.value === 'newest' ? '' : e.target.value, page: '' })
              }
            >
              {VENDOR_DIRECTORY_SORTS.map((value) => (
                <option key={value} value={value}>
                  {i18n._(SORT_LABEL[value])}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </div>

      {query.isPending ? (
        <div
          role="status"
          aria-label={t`Loading vendors`}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} aria-hidden="true" className="h-32 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : query.isError ? (
        <LoadFailed
          title={t`The vendors could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.vendors.length === 0 ? (
        <EmptyState icon={Store} title={t`No vendors found`}>
          <p className="text-muted-foreground">
            {isFiltered
              ? t`Try another name, service type or area, or clear the filters.`
              : t`No vendors have joined yet.`}
          </p>
          {isFiltered ? (
            <Button
              variant="outline"
              onClick={() => {
                setTerm('');
                setAreaTerm('');
                update({ q: '', area: '', category: '', page: '' });
              }}
            >
              <Trans>Clear filters</Trans>
            </Button>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t`Showing ${from}–${to} of ${plural(total, { one: '# vendor', other: '# vendors' })}`}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {query.data.vendors.map((vendor) => (
              <VendorCardItem key={vendor.id} vendor={vendor} />
            ))}
          </ul>
          <PageNav
            page={page}
            last={last}
            onPage={(to) => update({ page: to <= 1 ? '' : String(to) })}
          />
        </>
      )}
    </div>
  );
}

function VendorCardItem({ vendor }: { vendor: VendorCard }) {
  const serviceTypeLabel = useServiceTypeLabel();
  const rating = vendor.ratingAverage?.toFixed(1) ?? '';
  const count = vendor.ratingCount;
  const price = vendor.priceFromCents !== null ? formatMoney(vendor.priceFromCents, 'USD') : '';
  return (
    <li className="relative flex flex-col gap-3 rounded-lg border border-border bg-card p-4 hover:shadow-md">
      <div className="flex items-center gap-3">
        <PersonAvatar name={vendor.displayName} avatarUrl={vendor.avatarUrl} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold">
            <Link to={vendorPaths.vendor(vendor.id)} className="after:absolute after:inset-0">
              {vendor.displayName}
            </Link>
          </h2>
          <p className="truncate text-sm text-muted-foreground">
            {serviceTypeLabel(vendor.displayCategory)}
          </p>
        </div>
      </div>
      {vendor.description ? (
        <p className="line-clamp-2 text-sm text-muted-foreground">{vendor.description}</p>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {vendor.serviceArea ? (
          <span className="flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4 text-primary" />
            {vendor.serviceArea}
          </span>
        ) : null}
        {vendor.ratingAverage !== null ? (
          <span className="flex items-center gap-1">
            <Star aria-hidden="true" className="size-4 text-primary" />
            <span>
              <Trans>
                {rating}
                <span className="sr-only"> out of 5</span> ({count})
              </Trans>
            </span>
          </span>
        ) : null}
        {vendor.priceFromCents !== null ? (
          <span>
            <Trans>From {price}</Trans>
          </span>
        ) : null}
      </div>
    </li>
  );
}
