import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ApiKey,
  ApiKeyListSchema,
  CreatedApiKeySchema,
  CreateApiKeyInputSchema,
  CreatedWebhookSchema,
  CreateWebhookInputSchema,
  WebhookDelivery,
  WebhookDeliveryListSchema,
  WebhookEndpoint,
  WebhookEndpointListSchema,
} from '../../../contracts/developer';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

const developerKeys = {
  apiKeys: ['developer', 'keys'] as const,
  webhooks: ['developer', 'webhooks'] as const,
  deliveries: (endpointId: string) => ['developer', 'webhooks', endpointId, 'deliveries'] as const,
};

export function useApiKeys() {
  return useQuery({
    queryKey: developerKeys.apiKeys,
    queryFn: () => apiGet<z.infer<typeof ApiKeyListSchema>>('/api/developer/keys'),
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof CreateApiKeyInputSchema>) =>
      apiPost<z.infer<typeof CreatedApiKeySchema>>('/api/developer/keys', input),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys }),
  });
}

export function useSetKeyOrigins() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: { id: string; allowedOrigins: string[] }) =>
      apiPatch<ApiKey>(`/api/developer/keys/${params.id}`, {
        allowedOrigins: params.allowedOrigins,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<ApiKey>(`/api/developer/keys/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys }),
  });
}

export function useWebhooks() {
  return useQuery({
    queryKey: developerKeys.webhooks,
    queryFn: () => apiGet<z.infer<typeof WebhookEndpointListSchema>>('/api/developer/webhooks'),
  });
}

export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof CreateWebhookInputSchema>) =>
      apiPost<z.infer<typeof CreatedWebhookSchema>>('/api/developer/webhooks', input),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.webhooks }),
  });
}

export function useSetWebhookEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: { id: string; enabled: boolean }) =>
      apiPatch<WebhookEndpoint>(`/api/developer/webhooks/${params.id}`, {
        enabled: params.enabled,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<WebhookEndpoint>(`/api/developer/webhooks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.webhooks }),
  });
}

/**
 * The endpoint's delivery log; polled every second while a delivery waits for its first answer
 * (queued, or claimed and in flight: the claim counts the attempt before the answer comes).
 */
export function useDeliveries(endpointId: string) {
  return useQuery({
    queryKey: developerKeys.deliveries(endpointId),
    queryFn: () =>
      apiGet<z.infer<typeof WebhookDeliveryListSchema>>(
        `/api/developer/webhooks/${endpointId}/deliveries`,
      ),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some(
        (d) => d.status === 'pending' && (d.attempts === 0 || d.lastAttemptAt === null),
      )
        ? 1000
        : 15_000,
  });
}

export function useSendTestEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      apiPost<WebhookDelivery>(`/api/developer/webhooks/${endpointId}/test`, {}),
    // The log opens with the click, so its first read may still be in flight, answered from
    // before this event was saved; invalidating would hand back that read. Cancel it, read again.
    onSuccess: async (_data, endpointId) => {
      const queryKey = developerKeys.deliveries(endpointId);
      await client.cancelQueries({ queryKey });
      await client.invalidateQueries({ queryKey });
    },
  });
}

export function useResendDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: { endpointId: string; deliveryId: string }) =>
      apiPost<WebhookDelivery>(
        `/api/developer/webhooks/${params.endpointId}/deliveries/${params.deliveryId}/resend`,
        {},
      ),
    onSuccess: (_data, params) =>
      client.invalidateQueries({ queryKey: developerKeys.deliveries(params.endpointId) }),
  });
}
