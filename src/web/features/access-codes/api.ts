import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccessCode,
  AccessCodeBulkInput,
  AccessCodeInput,
  AccessCodeList,
  AccessCodePatch,
} from '../../../contracts/access-codes';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

// An event's access codes (owner or admin): list with uses, create, generate, change, delete.

const enc = encodeURIComponent;

export const accessCodeKeys = {
  list: (eventId: string) => ['access-codes', eventId] as const,
};

export const accessCodesQuery = (eventId: string) =>
  queryOptions({
    queryKey: accessCodeKeys.list(eventId),
    queryFn: ({ signal }) =>
      apiGet<AccessCodeList>(`/api/events/${enc(eventId)}/access-codes`, {
        signal,
      }),
  });

/** The CSV of the event's codes, or of one generated batch (a plain download link). */
export const accessCodesCsvUrl = (eventId: string, batchId?: string) =>
  `/api/events/${enc(eventId)}/access-codes.csv${batchId ? `?batchId=${enc(batchId)}` : ''}`;

function useInvalidate(eventId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: accessCodeKeys.list(eventId) });
}

export function useCreateAccessCode(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: (input: AccessCodeInput) =>
      apiPost<AccessCode>(`/api/events/${enc(eventId)}/access-codes`, input),
    onSuccess: invalidate,
  });
}

export function useGenerateAccessCodes(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: (input: AccessCodeBulkInput) =>
      apiPost<{ batchId: string; accessCodes: AccessCode[] }>(
        `/api/events/${enc(eventId)}/access-codes/bulk`,
        input,
      ),
    onSuccess: invalidate,
  });
}

export function useUpdateAccessCode(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: ({ id, ...patch }: AccessCodePatch & { id: string }) =>
      apiPatch<AccessCode>(`/api/access-codes/${enc(id)}`, patch),
    onSuccess: invalidate,
  });
}

export function useDeleteAccessCode(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/access-codes/${enc(id)}`),
    onSuccess: invalidate,
  });
}
