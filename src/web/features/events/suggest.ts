import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

// The header's suggestions live apart from ./api.ts so that the first paint of every page does
// not carry all of the events API (its mutations, uploads, infinite lists) with the search box.

export interface Suggestion {
  id: string;
  title: string;
  date: string;
  location: string;
}

/** eventKeys.suggest in ./api.ts: under 'events', so event changes refresh suggestions too. */
export const suggestKey = (q: string) => ['events', 'suggest', q] as const;

export const suggestQuery = (q: string) =>
  queryOptions({
    queryKey: suggestKey(q),
    queryFn: ({ signal }) =>
      apiGet<{ suggestions: Suggestion[] }>(`/api/events/suggest?q=${encodeURIComponent(q)}`, {
        signal,
      }),
    staleTime: 30_000,
  });
