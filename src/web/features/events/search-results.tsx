import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { pageDataFor } from '../../app/server-head';
import { paths } from '../../lib/paths';
import { LazySponsoredSlot } from '../promotions';
import { categoriesQuery, searchPagesQuery, seededPages } from './api';
import { useCategoryLabel } from './category-label';
import { EmptyEvents, LoadError, LoadMore } from './components/list-states';
import { EventFiltersBar } from './event-filters-bar';
import { readFilterParams, toEventFilters, writeFilterParams } from './event-filter-params';
import { EventGrid, EventGridSkeleton } from './event-grid';
import { HighlightedText } from './highlighted-text';

/** The /search?q= results: ranked events with their matches highlighted, filters, load more. */
export function SearchResults({ term }: { term: string }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filterParams = readFilterParams(params);
  // spec §2: only a blank term does nothing; one character already searches (as a prefix).
  const hasTerm = term.length > 0;
  const filters = toEventFilters(filterParams);
  // The term alone, as first opened: the server wrote the first page of results into the HTML.
  const { pathname } = useLocation();
  const [seed] = useState(() => pageDataFor(pathname, 'search'));
  const isSeeded = seed?.q === term && Object.keys(filters).length === 0;
  const query = useInfiniteQuery({
    ...searchPagesQuery(term, filters),
    ...seededPages(isSeeded ? seed.page : undefined),
    enabled: hasTerm,
  });
  const hits = query.data?.pages.flatMap((page) => page.events) ?? [];
  const headlines = new Map(hits.map((hit) => [hit.id, hit.headline]));

  return (
    <div className="flex flex-col gap-6">
      <EventFiltersBar
        value={filterParams}
        onChange={(value) => setParams(writeFilterParams(params, value), { replace: true })}
      />
      {hasTerm ? (
        // Sponsored items beside the results, fetched with them.
        <LazySponsoredSlot
          placement="search_results"
          limit={2}
          layout="row"
          category={filterParams.category || undefined}
        />
      ) : null}
      {!hasTerm ? (
        <EmptyEvents title={t`Search events by name, place or category`}>
          <SearchSuggestions />
        </EmptyEvents>
      ) : query.isPending ? (
        <EventGridSkeleton label={t`Searching`} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : hits.length === 0 ? (
        <EmptyEvents title={t`No events match “${term}”`}>
          <p className="text-muted-foreground">
            <Trans>Check the spelling, try fewer or broader words, or browse a category.</Trans>
          </p>
          <SearchSuggestions />
        </EmptyEvents>
      ) : (
        <>
          {/* The heading of the list, so the cards' titles (h3) follow an h2 as the outline wants. */}
          <h2 className="text-sm font-normal text-muted-foreground" aria-live="polite">
            {query.hasNextPage ? (
              <Plural value={hits.length} one="# result so far" other="# results so far" />
            ) : (
              <Plural value={hits.length} one="# result" other="# results" />
            )}
          </h2>
          <EventGrid
            events={hits}
            renderExtra={(event) => {
              const headline = headlines.get(event.id);
              return headline ? (
                <p className="line-clamp-3 text-sm text-muted-foreground">
                  <HighlightedText fragment={headline} />
                </p>
              ) : null;
            }}
          />
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

/** Where to go from an empty search: the busiest categories and all events. */
function SearchSuggestions() {
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  const { data } = useQuery(categoriesQuery);
  const top = [...(data?.categories ?? [])]
    .filter((c) => c.eventCount > 0)
    .sort((a, b) => b.eventCount - a.eventCount)
    .slice(0, 6);
  return (
    <nav aria-label={t`Suggestions`} className="flex flex-wrap justify-center gap-2">
      <Link
        to={paths.events()}
        className="rounded-full border border-border px-3 py-1 text-sm hover:bg-muted"
      >
        <Trans>All upcoming events</Trans>
      </Link>
      {top.map((category) => (
        <Link
          key={category.slug}
          to={`/categories/${category.slug}`}
          className="rounded-full border border-border px-3 py-1 text-sm hover:bg-muted"
        >
          {categoryLabel(category.name)}
        </Link>
      ))}
    </nav>
  );
}
