import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pageDataFor } from '../../app/server-head';
import { paths } from '../../lib/paths';
import { categoriesQuery } from './api';
import { useCategoryLabel } from './category-label';
import { LoadError } from './components/list-states';

/** Every spec §3 category with its count of upcoming events. */
export function CategoriesGrid() {
  // On /categories the server wrote the list into the HTML (as GET /api/categories answers it):
  // the first render has it, and it is not asked for again while the query's minute is fresh.
  const { pathname } = useLocation();
  const [seed] = useState(() => pageDataFor(pathname, 'categories'));
  const query = useQuery({ ...categoriesQuery, ...(seed ? { initialData: seed.list } : {}) });
  const { t } = useLingui();
  const categoryLabel = useCategoryLabel();
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label={t`Loading categories`}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} aria-hidden="true" className="h-20 animate-pulse rounded-lg bg-muted" />
        ))}
      </div>
    );
  }
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {query.data.categories.map((category) => (
        <li key={category.slug}>
          <Link
            to={paths.category(category.slug)}
            className="flex h-full flex-col gap-1 rounded-lg border border-border bg-card p-4 transition-colors hover:border-primary hover:bg-primary-soft"
          >
            <span className="font-semibold">{categoryLabel(category.name)}</span>
            <span className="text-sm text-muted-foreground">
              <Plural
                value={category.eventCount}
                one="# upcoming event"
                other="# upcoming events"
              />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
