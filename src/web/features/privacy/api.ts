import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountDeletion, DataExport, DataExportList } from '../../../contracts/privacy';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';

type DeletionStatus = { deletion: AccountDeletion | null };

export const privacyKeys = {
  exports: ['privacy', 'exports'] as const,
  deletion: ['privacy', 'deletion'] as const,
  pendingDeletions: ['admin', 'privacy', 'deletions'] as const,
};

export const dataExportsQuery = queryOptions({
  queryKey: privacyKeys.exports,
  queryFn: ({ signal }) => apiGet<DataExportList>('/api/privacy/exports', { signal }),
});

export const deletionQuery = queryOptions({
  queryKey: privacyKeys.deletion,
  queryFn: ({ signal }) => apiGet<DeletionStatus>('/api/privacy/deletion', { signal }),
});

/** The ZIP's address: a plain link, so the browser downloads it with the session cookie. */
export const dataExportFileUrl = (id: string) => `/api/privacy/exports/${id}/file`;

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<DataExport>('/api/privacy/exports', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportsQuery.queryKey }),
  });
}

export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiPost<DeletionStatus>('/api/privacy/deletion', { password }),
    onSuccess: (data) => queryClient.setQueryData(deletionQuery.queryKey, data),
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<DeletionStatus>('/api/privacy/deletion'),
    onSuccess: (data) => queryClient.setQueryData(deletionQuery.queryKey, data),
  });
}
