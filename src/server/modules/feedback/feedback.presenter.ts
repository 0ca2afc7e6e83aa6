import type {
  FeedbackComment,
  FeedbackEvent,
  FeedbackQuestion,
  FeedbackResults,
  MyFeedback,
} from '../../../contracts/feedback';
import type { eventFeedback, eventFeedbackQuestions } from '../../db/schema/feedback';
import type { FeedbackEventRow } from './feedback.queries';

type FeedbackRow = typeof eventFeedback.$inferSelect;
type QuestionRow = typeof eventFeedbackQuestions.$inferSelect;

export const presentEvent = (event: FeedbackEventRow): FeedbackEvent => ({
  id: event.id,
  title: event.title,
  startsAt: event.startsAt.toISOString(),
  endsAt: event.endsAt.toISOString(),
  location: event.location,
});

export const presentQuestion = (question: QuestionRow): FeedbackQuestion => ({
  id: question.id,
  kind: question.kind,
  label: question.label,
  options: question.options,
});

export const presentMine = (feedback: FeedbackRow): MyFeedback => ({
  id: feedback.id,
  rating: feedback.rating,
  comment: feedback.comment ?? '',
  answers: feedback.answers,
  organizerReply: feedback.organizerReply,
  updatedAt: feedback.updatedAt.toISOString(),
});

export const presentComment = (row: {
  feedback: FeedbackRow;
  authorName: string;
}): FeedbackComment => ({
  id: row.feedback.id,
  rating: row.feedback.rating,
  comment: row.feedback.comment ?? '',
  // First name only in public: feedback is about the event, not a profile of who gave it.
  authorName: row.authorName.trim().split(/\s+/)[0] || 'Attendee',
  createdAt: row.feedback.createdAt.toISOString(),
  reply: row.feedback.organizerReply,
  repliedAt: row.feedback.repliedAt?.toISOString() ?? null,
});

export function presentResults(
  event: FeedbackEventRow,
  rows: { feedback: FeedbackRow; authorName: string }[],
  questions: QuestionRow[],
): FeedbackResults {
  const distribution = [0, 0, 0, 0, 0];
  for (const { feedback } of rows)
    distribution[feedback.rating - 1] = (distribution[feedback.rating - 1] ?? 0) + 1;
  const sum = rows.reduce((total, row) => total + row.feedback.rating, 0);
  return {
    event: presentEvent(event),
    count: rows.length,
    average: rows.length ? Math.round((sum / rows.length) * 10) / 10 : null,
    distribution,
    questions: questions.map((question) => {
      const answers = rows
        .map((row) => row.feedback.answers[question.id])
        .filter((answer) => answer !== undefined);
      const counts =
        question.kind === 'choice'
          ? question.options.map((option) => answers.filter((a) => a === option).length)
          : question.kind === 'scale'
            ? [1, 2, 3, 4, 5].map((value) => answers.filter((a) => a === value).length)
            : [];
      return {
        ...presentQuestion(question),
        answered: answers.length,
        counts,
        texts:
          question.kind === 'text' ? answers.filter((a): a is string => typeof a === 'string') : [],
      };
    }),
    comments: rows
      .filter((row) => row.feedback.comment)
      .map((row) => ({ ...presentComment(row), hidden: row.feedback.commentHidden })),
  };
}
