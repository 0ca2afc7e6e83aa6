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

export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: ['feedback', 'mine'] as const,
  form: (eventId: string) => ['feedback', 'form', eventId] as const,
  results: (eventId: string) => ['feedback', 'results', eventId] as const,
  eventRating: (eventId: string) => ['feedback', 'rating', 'event', eventId] as const,
  organizerRating: (organizerId: string) =>
    ['feedback', 'rating', 'organizer', organizerId] as const,
};

export const myFeedbackQuery = queryOptions({
  queryKey: feedbackKeys.mine,
  queryFn: ({ signal }) => apiGet<MyFeedbackResponse>('/api/feedback/mine', { signal }),
});

export const feedbackFormQuery = (eventId: string) =>
  queryOptions({
    queryKey: feedbackKeys.form(eventId),
    queryFn: ({ signal }) => apiGet<FeedbackItem>(`/api/feedback/events/${eventId}`, { signal }),
    retry: false,
  });

export const resultsQuery = (eventId: string) =>
  queryOptions({
    queryKey: feedbackKeys.results(eventId),
    queryFn: ({ signal }) =>
      apiGet<FeedbackResults>(`/api/feedback/events/${eventId}/results`, { signal }),
    retry: false,
  });

export const eventRatingQuery = (eventId: string) =>
  queryOptions({
    queryKey: feedbackKeys.eventRating(eventId),
    queryFn: ({ signal }) =>
      apiGet<PublicRating>(`/api/feedback/events/${eventId}/rating`, { signal }),
    staleTime: 60_000,
  });

export const organizerRatingQuery = (organizerId: string) =>
  queryOptions({
    queryKey: feedbackKeys.organizerRating(organizerId),
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
