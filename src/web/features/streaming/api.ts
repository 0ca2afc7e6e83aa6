import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Stream,
  StreamInput,
  StreamList,
  StreamUpdate,
  WatchGrant,
} from '../../../contracts/streaming';
import { apiDelete, apiGet, apiPost, apiPatch } from '../../lib/api-client';

// Live streaming (contracts/streaming.ts): one place per endpoint.

const enc = encodeURIComponent;

export const streamKeys = {
  all: ['streams'] as const,
  ofEvent: (eventId: string) => ['streams', 'event', eventId] as const,
  detail: (id: string) => ['streams', 'detail', id] as const,
  /** Both lists: a write changes what each shows. */
  lists: ['streams', 'list'] as const,
  list: (scope: 'mine' | 'watchable') => ['streams', 'list', scope] as const,
  notifications: ['stream-notifications'] as const,
};

export const streamPaths = {
  /**
   * The set-up page uses camera, microphone and screen, which the server allows on that
   * document only (security-headers.ts): link to it with `reloadDocument`.
   */
  setup: (eventId: string) => `/event/${enc(eventId)}/stream`,
  watch: (streamId: string) => `/stream/watch/${enc(streamId)}`,
  access: (streamId: string) => `/stream-access?stream=${enc(streamId)}`,
  mine: () => '/mea-stream',
};

/** GET /api/events/:eventId/stream: the event's stream; 404 when it has none yet. */
export const eventStreamQuery = (eventId: string) =>
  queryOptions({
    queryKey: streamKeys.ofEvent(eventId),
    queryFn: ({ signal }) => apiGet<Stream>(`/api/events/${enc(eventId)}/stream`, { signal }),
    retry: false,
  });

/** How long the server may take to store a recording after the end (then there is none). */
const REPLAY_WAIT_MS = 60_000;

/**
 * How often the watch page reads a stream again: every few seconds while it is scheduled or
 * live (status and viewer count change under the page); after the end only while its recording
 * is still being stored (the end is told before the replay exists), briefly.
 */
export function streamRefetchMs(
  stream: Pick<Stream, 'status' | 'recordingEnabled' | 'hasReplay' | 'endedAt'> | undefined,
  nowMs: number,
): number | false {
  if (stream?.status !== 'ended') return 5000;
  const endedMs = stream.endedAt ? Date.parse(stream.endedAt) : 0;
  return stream.recordingEnabled && !stream.hasReplay && nowMs - endedMs < REPLAY_WAIT_MS
    ? 1500
    : false;
}

/** GET /api/streams/:id as the caller may see it, read again as `streamRefetchMs` says. */
export const streamQuery = (id: string) =>
  queryOptions({
    queryKey: streamKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Stream>(`/api/streams/${enc(id)}`, { signal }),
    retry: false,
    refetchInterval: (query) => streamRefetchMs(query.state.data, Date.now()),
  });

export const streamListQuery = (scope: 'mine' | 'watchable') =>
  queryOptions({
    queryKey: streamKeys.list(scope),
    queryFn: ({ signal }) => apiGet<StreamList>(`/api/streams?scope=${scope}`, { signal }),
  });

/** POST /api/streams/:id/watch: a short-lived playlist address bound to this viewer. */
export const requestWatch = (id: string) => apiPost<WatchGrant>(`/api/streams/${enc(id)}/watch`);

export const redeemAccessCode = (id: string, code: string) =>
  apiPost<Stream>(`/api/streams/${enc(id)}/redeem`, { code });

export const openStreamingCheckout = (eventId: string) =>
  apiPost<{ url: string }>(`/api/events/${enc(eventId)}/streaming/checkout`);

/** Every write answers the stream as it is now: it replaces the cached copies. */
function useStreamWrite<V>(write: (vars: V) => Promise<Stream>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (stream) => {
      queryClient.setQueryData(streamKeys.detail(stream.id), stream);
      queryClient.setQueryData(streamKeys.ofEvent(stream.eventId), stream);
      void queryClient.invalidateQueries({ queryKey: streamKeys.lists });
    },
  });
}

export const useCreateStream = (eventId: string) =>
  useStreamWrite((input: StreamInput) =>
    apiPost<Stream>(`/api/events/${enc(eventId)}/streams`, input),
  );

export const useUpdateStream = (id: string) =>
  useStreamWrite((input: StreamUpdate) => apiPatch<Stream>(`/api/streams/${enc(id)}`, input));

export const useRotateKey = (id: string) =>
  useStreamWrite(() => apiPost<Stream>(`/api/streams/${enc(id)}/key`));

export const useEndStream = (id: string) =>
  useStreamWrite(() => apiPost<Stream>(`/api/streams/${enc(id)}/end`));

export const useDeleteRecording = (id: string) =>
  useStreamWrite(() => apiDelete<Stream>(`/api/streams/${enc(id)}/recording`));

export const inviteTicketHolders = (id: string) =>
  apiPost<{ invited: number }>(`/api/streams/${enc(id)}/invite`);
