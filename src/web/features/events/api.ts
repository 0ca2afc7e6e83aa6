import type { DuplicateEventInput } from '../../../contracts/duplication';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  CategoryList,
  CreateEventInput,
  Event,
  EventDetail,
  FeaturedEvent,
  MyEventsResponse,
  MyTimeline,
  OwnedEvent,
  UpdateEventInput,
} from '../../../contracts/events';
import { EVENT_LIST_PAGE_SIZE } from '../../../contracts/page-data';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import { suggestKey } from './suggest';

/**
 * OwnedEvent: an event as its owner (or an admin) reads it, with its sales figures and the secret
 * link of a private event. EventDetail: GET /api/events/:id, the owner's view or the public one.
 */
export type { EventDetail, OwnedEvent };
export type SearchHit = Event & { headline: string };
export interface EventPage<T = Event> {
  events: T[];
  nextCursor: string | null;
}
/** The spec §7 filters as the web app holds them (URL parameters of /events and /search). */
export interface EventFilters {
  category?: string;
  date?: string;
  isFree?: boolean;
  search?: string;
  organizerId?: string;
  limit?: number;
}

/** The API's query string for a set of filters (snake_case names of spec §7). */
export function eventQueryString(filters: EventFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.date) params.set('date', filters.date);
  if (filters.isFree !== undefined) params.set('is_free', String(filters.isFree));
  if (filters.search) params.set('search', filters.search);
  if (filters.organizerId) params.set('organizer_id', filters.organizerId);
  if (filters.limit) params.set('limit', String(filters.limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const eventKeys = {
  all: ['events'] as const,
  list: (filters: EventFilters) => ['events', 'list', filters] as const,
  /** The same list read page after page ("Load more"). */
  pages: (filters: EventFilters) => ['events', 'list', filters, 'pages'] as const,
  search: (q: string, filters: EventFilters) => ['events', 'search', q, filters] as const,
  suggest: suggestKey,
  /** Every cached reading of one event, whatever access token it was read with. */
  details: (id: string) => ['events', 'detail', id] as const,
  detail: (id: string, access?: string | null) => ['events', 'detail', id, access ?? null] as const,
  featured: ['events', 'featured'] as const,
  mine: ['events', 'mine'] as const,
  meEvents: ['events', 'me'] as const,
  categories: ['categories'] as const,
};

/** GET /api/events: one page (the home page's three upcoming events). */
export const eventListQuery = (filters: EventFilters) =>
  queryOptions({
    queryKey: eventKeys.list(filters),
    queryFn: ({ signal }) =>
      apiGet<EventPage>(`/api/events?${eventQueryString(filters)}`, { signal }),
  });

/**
 * A list's first page as an infinite query's data: the page the server wrote into the HTML
 * (contracts/page-data.ts). The server keeps a page's head for a few seconds, so the list is
 * still asked for in the background: an event published a moment ago then appears.
 */
export function seededPages<T>(page: T | undefined) {
  return page ? { initialData: { pages: [page], pageParams: [null] } } : {};
}

/** GET /api/events page after page, following nextCursor ("Load more"). */
export const eventPagesQuery = (filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: eventKeys.pages(filters),
    queryFn: ({ signal, pageParam }) =>
      apiGet<EventPage>(
        `/api/events?${eventQueryString({ limit: EVENT_LIST_PAGE_SIZE, ...filters }, pageParam)}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** GET /api/events/search: ranked results with highlighted description fragments. */
export const searchPagesQuery = (q: string, filters: EventFilters) =>
  infiniteQueryOptions({
    queryKey: eventKeys.search(q, filters),
    queryFn: ({ signal, pageParam }) => {
      const rest = eventQueryString({ limit: EVENT_LIST_PAGE_SIZE, ...filters }, pageParam);
      return apiGet<EventPage<SearchHit>>(
        `/api/events/search?q=${encodeURIComponent(q)}${rest ? `&${rest}` : ''}`,
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const eventQuery = (id: string, access?: string | null) =>
  queryOptions({
    queryKey: eventKeys.detail(id, access),
    queryFn: ({ signal }) =>
      apiGet<EventDetail>(
        `/api/events/${encodeURIComponent(id)}${access ? `?access=${encodeURIComponent(access)}` : ''}`,
        { signal },
      ),
  });

export const myEventsQuery = queryOptions({
  queryKey: eventKeys.mine,
  queryFn: ({ signal }) => apiGet<MyEventsResponse>('/api/events/mine', { signal }),
});

/** GET /api/me/events: what I created or follow, split by date (attending joins later). */
export const meEventsQuery = queryOptions({
  queryKey: eventKeys.meEvents,
  queryFn: ({ signal }) => apiGet<MyTimeline>('/api/me/events', { signal }),
});

export const categoriesQuery = queryOptions({
  queryKey: eventKeys.categories,
  queryFn: ({ signal }) => apiGet<CategoryList>('/api/categories', { signal }),
  staleTime: 60_000,
});

/** After a change, every cached list may be stale; the changed event itself is fresh. */
function useEventChanged() {
  const queryClient = useQueryClient();
  return (event?: OwnedEvent | Event) => {
    if (event) queryClient.setQueryData(eventKeys.detail(event.id), event as OwnedEvent);
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    void queryClient.invalidateQueries({ queryKey: eventKeys.categories });
  };
}

export function useCreateEvent() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (input: CreateEventInput) => apiPost<OwnedEvent>('/api/events', input),
    onSuccess: changed,
  });
}

export function useUpdateEvent() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateEventInput }) =>
      apiPatch<OwnedEvent>(`/api/events/${encodeURIComponent(id)}`, input),
    onSuccess: changed,
  });
}

export function usePublishEvent() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<OwnedEvent>(`/api/events/${encodeURIComponent(id)}/publish`),
    onSuccess: changed,
  });
}

export function useCancelEvent() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: (id: string) => apiPost<OwnedEvent>(`/api/events/${encodeURIComponent(id)}/cancel`),
    onSuccess: changed,
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/events/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: eventKeys.details(id) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** POST /api/events/:id/cover (multipart field "cover"), reporting progress 0–1. */
export function useUploadCover(onProgress?: (fraction: number) => void) {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) =>
      uploadFile<OwnedEvent>(
        `/api/events/${encodeURIComponent(id)}/cover`,
        'cover',
        file,
        onProgress,
      ),
    onSuccess: changed,
  });
}

export type SeriesFrequency = 'weekly' | 'monthly';

export function useCreateSeries() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({
      id,
      frequency,
      occurrences,
    }: {
      id: string;
      frequency: SeriesFrequency;
      occurrences: number;
    }) =>
      apiPost<{ events: Event[] }>(`/api/events/${encodeURIComponent(id)}/series`, {
        frequency,
        occurrences,
      }),
    onSuccess: () => changed(),
  });
}

/** "Duplicate event": a draft copy with new dates (its ticket types and settings come along). */
export function useDuplicateEvent() {
  const changed = useEventChanged();
  return useMutation({
    mutationFn: ({ id, ...input }: { id: string } & DuplicateEventInput) =>
      apiPost<OwnedEvent>(`/api/events/${encodeURIComponent(id)}/duplicate`, input),
    onSuccess: (copy) => changed(copy),
  });
}

/** GET /api/events/featured: the newest listed event (spec §7), or null. */
export const featuredEventQuery = queryOptions({
  queryKey: eventKeys.featured,
  queryFn: ({ signal }) => apiGet<FeaturedEvent>('/api/events/featured', { signal }),
});
