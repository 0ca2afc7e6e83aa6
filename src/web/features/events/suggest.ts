import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import type { SuggestionList } from '../../../contracts/events';

// The header's suggestions live apart from ./api.ts so that the first paint of every page does
// not carry all of the events API (its mutations, uploads, infinite lists) with the search box.

/** eventKeys.suggest in ./api.ts: under 'events', so event changes refresh suggestions too. */
export const suggestKey = (q: string) => ['events', 'suggest', q] as const;

export const suggestQuery = (q: string) =>
  queryOptions({
    queryKey: suggestKey(q),
    queryFn: ({ signal }) =>
      apiGet<SuggestionList>(`/api/events/suggest?q=${encodeURIComponent(q)}`, {
        signal,
      }),
    staleTime: 30_000,
  });
