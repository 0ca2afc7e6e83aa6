import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PromoPlacement } from '../../../contracts/promotions';
import { servedQuery } from './api';
import { SponsoredCard } from './sponsored-card';

/** Served items for a placement, or `fallback` when no campaign runs (or serving fails). */
export function SponsoredShowcase({
  placement,
  limit = 3,
  fallback,
  title,
}: {
  placement: PromoPlacement;
  limit?: number;
  fallback: ReactNode;
  title?: ReactNode;
}) {
  const { data, isPending } = useQuery(servedQuery(placement, limit));
  // The keys keep React from turning the placeholder's element into the grid: Chrome then
  // counted the grid as moved from the top of the screen (a layout shift of 0.32 on the home
  // page, below the fold), where a new element counts as none.
  if (isPending)
    return (
      <div key="pending" aria-hidden="true" className="h-72 animate-pulse rounded-xl bg-muted" />
    );
  const items = data?.items ?? [];
  if (items.length === 0) return <>{fallback}</>;
  return (
    <div key="items" className="flex flex-col gap-4">
      {title}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <SponsoredCard key={item.token} item={item} />
        ))}
      </div>
    </div>
  );
}
