import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EventBillingSettings,
  EventBillingSettingsInput,
} from '../../../contracts/billing-details';
import { apiGet, apiRequest } from '../../lib/api-client';

// An event's billing settings (decision 060): read by checkout, set by the organizer.

const enc = encodeURIComponent;

const billingKeys = { event: (eventId: string) => ['billing-settings', eventId] as const };

export const eventBillingSettingsQuery = (eventId: string) =>
  queryOptions({
    queryKey: billingKeys.event(eventId),
    queryFn: ({ signal }) =>
      apiGet<EventBillingSettings>(`/api/events/${enc(eventId)}/billing-settings`, { signal }),
  });

export function useSaveEventBillingSettings(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventBillingSettingsInput) =>
      apiRequest<EventBillingSettings>(`/api/events/${enc(eventId)}/billing-settings`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (saved) => client.setQueryData(billingKeys.event(eventId), saved),
  });
}
