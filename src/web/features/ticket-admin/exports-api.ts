import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventExport, ExportInput, ExportList } from '../../../contracts/exports';
import { apiGet, apiPost } from '../../lib/api-client';

// An event's exports (decision 056): started here, followed while they run, downloaded when done.

const enc = encodeURIComponent;
/** How often a running export's progress is asked for. */
export const EXPORT_POLL_MS = 1000;

export const exportKeys = {
  list: (eventId: string) => ['ticket-admin', eventId, 'exports'] as const,
  one: (eventId: string, id: string) => ['ticket-admin', eventId, 'exports', id] as const,
};

export const exportsQuery = (eventId: string) =>
  queryOptions({
    queryKey: exportKeys.list(eventId),
    queryFn: ({ signal }) => apiGet<ExportList>(`/api/events/${enc(eventId)}/exports`, { signal }),
  });

/** One export, asked for again every second while it runs. */
export const exportQuery = (eventId: string, id: string) =>
  queryOptions({
    queryKey: exportKeys.one(eventId, id),
    queryFn: ({ signal }) =>
      apiGet<EventExport>(`/api/events/${enc(eventId)}/exports/${enc(id)}`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
  });

export const exportFileUrl = (eventId: string, id: string) =>
  `/api/events/${enc(eventId)}/exports/${enc(id)}/file`;

/** The file behind an emailed link (the page opened from the mail carries its token). */
export const exportLinkUrl = (token: string) => `/api/exports/download?token=${enc(token)}`;

export function useStartExport(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExportInput) =>
      apiPost<EventExport>(`/api/events/${enc(eventId)}/exports`, input),
    onSuccess: (started) => {
      queryClient.setQueryData(exportKeys.one(eventId, started.id), started);
      void queryClient.invalidateQueries({ queryKey: exportKeys.list(eventId), exact: true });
    },
  });
}
