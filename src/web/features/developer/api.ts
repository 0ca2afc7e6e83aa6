import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ApiKey,
  ApiKeyListSchema,
  CreatedApiKeySchema,
  CreateApiKeyInputSchema,
} from '../../../contracts/developer';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';

const KEYS = ['developer', 'keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: KEYS,
    queryFn: () => apiGet<z.infer<typeof ApiKeyListSchema>>('/api/developer/keys'),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof CreateApiKeyInputSchema>) =>
      apiPost<z.infer<typeof CreatedApiKeySchema>>('/api/developer/keys', input),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<ApiKey>(`/api/developer/keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS }),
  });
}
