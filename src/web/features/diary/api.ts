import { queryOptions } from '@tanstack/react-query';
import type { DiaryEntryInput, DiaryItem } from '../../../contracts/diary';
import { apiDelete, apiGet, apiRequest } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export const diaryKey = ['diary'] as const;

export const diaryQuery = queryOptions({
  queryKey: diaryKey,
  queryFn: ({ signal }) => apiGet<{ items: DiaryItem[] }>('/api/diary', { signal }),
});

export const saveEntry = (eventId: string, input: DiaryEntryInput) =>
  apiRequest<{ id: string }>(`/api/diary/events/${eventId}`, { method: 'PUT', body: input });
export const addPhoto = (entryId: string, file: File) =>
  uploadFile<{ id: string; url: string }>(`/api/diary/entries/${entryId}/photos`, 'photo', file);
export const deleteEntry = (entryId: string) =>
  apiDelete<{ ok: true }>(`/api/diary/entries/${entryId}`);
