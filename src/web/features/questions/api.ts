import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CheckoutQuestions,
  EventAnswers,
  Question,
  QuestionInput,
  QuestionList,
  TicketAnswers,
} from '../../../contracts/questions';
import { apiDelete, apiGet, apiPatch, apiPost, apiRequest } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

// Checkout questions: the organizer's builder, the checkout's step, a ticket's answers.

const enc = encodeURIComponent;

export const questionKeys = {
  all: ['questions'] as const,
  event: (eventId: string) => ['questions', 'event', eventId] as const,
  checkout: (ticketTypeIds: string[]) =>
    ['questions', 'checkout', [...ticketTypeIds].sort()] as const,
  ticket: (ticketId: string) => ['questions', 'ticket', ticketId] as const,
  answers: (eventId: string, ticketIds: string[], checkIn: boolean) =>
    ['questions', 'answers', eventId, checkIn, ticketIds] as const,
};

export const eventQuestionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: questionKeys.event(eventId),
    queryFn: ({ signal }) =>
      apiGet<QuestionList>(`/api/events/${enc(eventId)}/questions`, { signal }),
  });

export const checkoutQuestionsQuery = (ticketTypeIds: string[]) =>
  queryOptions({
    queryKey: questionKeys.checkout(ticketTypeIds),
    queryFn: ({ signal }) =>
      apiGet<CheckoutQuestions>(
        `/api/checkout/questions?ticketTypeIds=${enc([...new Set(ticketTypeIds)].join(','))}`,
        { signal },
      ),
    staleTime: 30_000,
  });

/** Whether a checkout of these ticket types asks anything (read once, then cached). */
export async function checkoutAsks(queryClient: QueryClient, ticketTypeIds: string[]) {
  const { questions } = await queryClient.fetchQuery(checkoutQuestionsQuery(ticketTypeIds));
  return questions.length > 0;
}

export const ticketAnswersQuery = (ticketId: string) =>
  queryOptions({
    queryKey: questionKeys.ticket(ticketId),
    queryFn: ({ signal }) =>
      apiGet<TicketAnswers>(`/api/tickets/${enc(ticketId)}/answers`, { signal }),
  });

export const eventAnswersQuery = (eventId: string, ticketIds: string[], checkIn = false) =>
  queryOptions({
    queryKey: questionKeys.answers(eventId, ticketIds, checkIn),
    queryFn: ({ signal }) =>
      apiGet<EventAnswers>(
        `/api/events/${enc(eventId)}/answers?ticketIds=${enc(ticketIds.join(','))}${checkIn ? '&checkIn=true' : ''}`,
        { signal },
      ),
    enabled: ticketIds.length > 0,
  });

function useEventMutation<V, R>(eventId: string, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionKeys.all }),
    meta: { eventId },
  });
}

export const useCreateQuestion = (eventId: string) =>
  useEventMutation(eventId, (input: QuestionInput) =>
    apiPost<Question>(`/api/events/${enc(eventId)}/questions`, input),
  );
export const useUpdateQuestion = (eventId: string) =>
  useEventMutation(eventId, ({ id, input }: { id: string; input: QuestionInput }) =>
    apiPatch<Question>(`/api/questions/${enc(id)}`, input),
  );
export const useDeleteQuestion = (eventId: string) =>
  useEventMutation(eventId, (id: string) => apiDelete<{ ok: true }>(`/api/questions/${enc(id)}`));
export const useMoveQuestion = (eventId: string) =>
  useEventMutation(eventId, ({ id, direction }: { id: string; direction: 'up' | 'down' }) =>
    apiPost<QuestionList>(`/api/questions/${enc(id)}/move`, { direction }),
  );
export const useSaveQuestionSettings = (eventId: string) =>
  useEventMutation(eventId, (answersEditableUntil: string | null) =>
    apiRequest<QuestionList>(`/api/events/${enc(eventId)}/question-settings`, {
      method: 'PUT',
      body: { answersEditableUntil },
    }),
  );

export function useSaveTicketAnswers(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { order: Record<string, unknown>; ticket: Record<string, unknown> }) =>
      apiRequest<TicketAnswers>(`/api/tickets/${enc(ticketId)}/answers`, {
        method: 'PUT',
        body: input,
      }),
    onSuccess: (data) => queryClient.setQueryData(questionKeys.ticket(ticketId), data),
  });
}

export const uploadAnswerFile = (file: File) =>
  uploadFile<{ url: string; name: string }>('/api/answer-files', 'file', file);
