import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '../../../contracts/accounts';
import { apiDelete, apiGet, apiPatch } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import { SESSION_QUERY_KEY } from '../session';

const profileKeys = { all: ['profile'] as const };

export const profileQuery = queryOptions({
  queryKey: profileKeys.all,
  queryFn: ({ signal }) => apiGet<Profile>('/api/profile', { signal }),
});

export const useProfile = () => useQuery(profileQuery);

/**
 * Stores the new profile and refreshes the session user, whose name and avatar the header
 * shows.
 */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData(profileQuery.queryKey, profile);
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
}

export function useUpdateProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => apiPatch<Profile>('/api/profile', input),
    onSuccess: saved,
  });
}

/** POST /api/profile/avatar (multipart field "avatar"), reporting upload progress 0–1. */
export function useUploadAvatar(onProgress?: (fraction: number) => void) {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile<Profile>('/api/profile/avatar', 'avatar', file, onProgress),
    onSuccess: saved,
  });
}

export function useRemoveAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: () => apiDelete<Profile>('/api/profile/avatar'),
    onSuccess: saved,
  });
}
