import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BadgeTemplate,
  BadgeTemplateInput,
  BadgeTemplateList,
} from '../../../contracts/badges';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api-client';

// Name badges (decision 075): an event's templates, and the address of a printable PDF.

const enc = encodeURIComponent;

const badgeKeys = {
  /** An event's templates (with its questions and whether it has a logo). */
  templates: (eventId: string) => ['badges', eventId] as const,
};

export const badgeTemplatesQuery = (eventId: string) =>
  queryOptions({
    queryKey: badgeKeys.templates(eventId),
    queryFn: () => apiGet<BadgeTemplateList>(`/api/badges/events/${enc(eventId)}/templates`),
  });

/** Creates a template, or changes the one with `id`. */
export function useSaveTemplate(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: BadgeTemplateInput }) =>
      id
        ? apiRequest<BadgeTemplate>(`/api/badges/templates/${enc(id)}`, {
            method: 'PUT',
            body: input,
          })
        : apiPost<BadgeTemplate>(`/api/badges/events/${enc(eventId)}/templates`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: badgeKeys.templates(eventId) }),
  });
}

export function useDeleteTemplate(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/badges/templates/${enc(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: badgeKeys.templates(eventId) }),
  });
}

/** The PDF of a template's badges: one ticket, or everyone matching a name (and checked in). */
export function badgesPdfUrl(
  templateId: string,
  filter: { ticket?: string; q?: string; checkedIn?: boolean } = {},
) {
  const query = new URLSearchParams();
  if (filter.ticket) query.set('ticket', filter.ticket);
  if (filter.q) query.set('q', filter.q);
  if (filter.checkedIn) query.set('checkedIn', 'true');
  const text = query.toString();
  return `/api/badges/templates/${enc(templateId)}/pdf${text ? `?${text}` : ''}`;
}
