import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { pageDataFor } from '../../app/server-head';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { LazySponsoredSlot } from '../promotions';
import { eventPagesQuery, seededPages } from './api';
import { EmptyEvents, LoadError, LoadMore } from './components/list-states';
import { EventFiltersBar } from './event-filters-bar';
import { readFilterParams, toEventFilters, writeFilterParams } from './event-filter-params';
import { EventGrid, EventGridSkeleton } from './event-grid';
import { EventSearchField } from './event-search-field';

/**
 * Upcoming events with the spec §7 filters kept in the URL, "Load more" following the cursor,
 * and empty and error states. A category page fixes `category`.
 */
export function EventBrowser({ category }: { category?: string }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filterParams = readFilterParams(params);
  if (category) filterParams.category = category;
  const search = params.get('search')?.trim() ?? '';
  const filters = { ...toEventFilters(filterParams), ...(search ? { search } : {}) };
  // /events without filters: the server wrote the first page into the HTML.
  const { pathname } = useLocation();
  const [seed] = useState(() => pageDataFor(pathname, 'events'));
  const isUnfiltered = !category && Object.keys(filters).length === 0;
  const query = useInfiniteQuery({
    ...eventPagesQuery(filters),
    ...seededPages(isUnfiltered ? seed?.page : undefined),
  });
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const isFiltered = Boolean(
    search || filterParams.date || filterParams.price || (!category && filterParams.category),
  );

  function setSearch(term: string) {
    const next = new URLSearchParams(params);
    if (term.trim()) next.set('search', term.trim());
    else next.delete('search');
    setParams(next, { replace: true });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4">
        <EventSearchField value={search} onSearch={setSearch} />
        <EventFiltersBar
          value={filterParams}
          showCategory={!category}
          onChange={(value) => setParams(writeFilterParams(params, value), { replace: true })}
        />
      </div>
      {/* Fetched beside the list (not after it), shown when a campaign is served. */}
      <LazySponsoredSlot
        placement="events_list"
        limit={2}
        layout="row"
        category={filterParams.category || undefined}
      />
      {query.isPending ? (
        <EventGridSkeleton />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : events.length === 0 ? (
        <EmptyEvents
          title={isFiltered ? t`No events match these filters` : t`No upcoming events yet`}
        >
          <p className="text-muted-foreground">
            {isFiltered ? (
              <Trans>Try another date, category or price, or clear the filters.</Trans>
            ) : (
              <Trans>New events appear here as soon as organizers publish them.</Trans>
            )}
          </p>
          <Link to={paths.createEvent()} className={buttonClasses({ variant: 'outline' })}>
            <Trans>Create an event</Trans>
          </Link>
        </EmptyEvents>
      ) : (
        <>
          {/* The heading of the list, so the cards' titles (h3) follow an h2 as the outline wants. */}
          <h2 className="text-sm font-normal text-muted-foreground" aria-live="polite">
            <Plural value={events.length} one="Showing # event" other="Showing # events" />
          </h2>
          <EventGrid events={events} />
          <LoadMore
            hasMore={query.hasNextPage}
            isLoading={query.isFetchingNextPage}
            onLoad={() => void query.fetchNextPage()}
          />
        </>
      )}
    </div>
  );
}
