import { queryOptions } from '@tanstack/react-query';
import type {
  FeedbackInput,
  FeedbackItem,
  FeedbackQuestion,
  FeedbackQuestionsInput,
  FeedbackResults,
  MyFeedbackResponse,
  PublicRating,
} from '../../../contracts/feedback';
import { apiGet, apiRequest } from '../../lib/api-client';

export const myFeedbackKey = ['feedback', 'mine'] as const;
export const myFeedbackQuery = queryOptions({
  queryKey: myFeedbackKey,
  queryFn: ({ signal }) => apiGet<MyFeedbackResponse>('/api/feedback/mine', { signal }),
});

export const feedbackFormQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['feedback', 'form', eventId],
    queryFn: ({ signal }) => apiGet<FeedbackItem>(`/api/feedback/events/${eventId}`, { signal }),
    retry: false,
  });

export const resultsKey = (eventId: string) => ['feedback', 'results', eventId] as const;
export const resultsQuery = (eventId: string) =>
  queryOptions({
    queryKey: resultsKey(eventId),
    queryFn: ({ signal }) =>
      apiGet<FeedbackResults>(`/api/feedback/events/${eventId}/results`, { signal }),
    retry: false,
  });

export const eventRatingQuery = (eventId: string) =>
  queryOptions({
    queryKey: ['feedback', 'rating', 'event', eventId],
    queryFn: ({ signal }) =>
      apiGet<PublicRating>(`/api/feedback/events/${eventId}/rating`, { signal }),
    staleTime: 60_000,
  });

export const organizerRatingQuery = (organizerId: string) =>
  queryOptions({
    queryKey: ['feedback', 'rating', 'organizer', organizerId],
    queryFn: ({ signal }) =>
      apiGet<PublicRating>(`/api/feedback/organizers/${organizerId}/rating`, { signal }),
    staleTime: 60_000,
  });

export const saveFeedback = (eventId: string, input: FeedbackInput) =>
  apiRequest<FeedbackItem>(`/api/feedback/events/${eventId}`, { method: 'PUT', body: input });
export const saveQuestions = (eventId: string, input: FeedbackQuestionsInput) =>
  apiRequest<{ questions: FeedbackQuestion[] }>(`/api/feedback/events/${eventId}/questions`, {
    method: 'PUT',
    body: input,
  });
export const replyTo = (feedbackId: string, reply: string) =>
  apiRequest<{ ok: true }>(`/api/feedback/${feedbackId}/reply`, { method: 'PUT', body: { reply } });
export const setHidden = (feedbackId: string, hidden: boolean) =>
  apiRequest<{ ok: true }>(`/api/feedback/${feedbackId}/hidden`, {
    method: 'PUT',
    body: { hidden },
  });
