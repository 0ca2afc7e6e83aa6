import { queryOptions } from '@tanstack/react-query';
import type { DiaryEntryInput, DiaryFeed, DiaryResponse } from '../../../contracts/diary';
import { apiDelete, apiGet, apiPost, apiRequest } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export const diaryKey = ['diary'] as const;

export const diaryQuery = queryOptions({
  queryKey: diaryKey,
  queryFn: ({ signal }) => apiGet<DiaryResponse>('/api/diary', { signal }),
});

export const saveEntry = (eventId: string, input: DiaryEntryInput) =>
  apiRequest<{ id: string }>(`/api/diary/events/${eventId}`, { method: 'PUT', body: input });
export const addPhoto = (entryId: string, file: File) =>
  uploadFile<{ id: string; url: string }>(`/api/diary/entries/${entryId}/photos`, 'photo', file);
export const deleteEntry = (entryId: string) =>
  apiDelete<{ ok: true }>(`/api/diary/entries/${entryId}`);

export const feedKey = ['diary', 'feed'] as const;
export const feedQuery = queryOptions({
  queryKey: feedKey,
  queryFn: ({ signal }) => apiGet<DiaryFeed>('/api/diary/feed', { signal }),
});
export const createFeed = () => apiPost<DiaryFeed>('/api/diary/feed');
export const revokeFeed = () => apiDelete<{ ok: true }>('/api/diary/feed');
