import {
  FEEDBACK_EDIT_DAYS,
  FEEDBACK_MESSAGES,
  FEEDBACK_MIN_RATINGS_SHOWN,
  FEEDBACK_TEXT_ANSWER_MAX,
  type FeedbackQuestionKind,
  type FeedbackWindow,
} from '../../../contracts/feedback';

const DAY_MS = 86_400_000;

export const editableUntil = (end: Date) => new Date(end.getTime() + FEEDBACK_EDIT_DAYS * DAY_MS);

/** Feedback opens when the event ends and stays editable for a week after. */
export function feedbackWindow(end: Date, now: Date): FeedbackWindow {
  if (now.getTime() < end.getTime()) return 'not_ended';
  return now.getTime() <= editableUntil(end).getTime() ? 'open' : 'closed';
}

/** An average of one or two ratings is one or two people's opinion: shown from three. */
export const ratingIsShown = (count: number) => count >= FEEDBACK_MIN_RATINGS_SHOWN;

interface Question {
  id: string;
  kind: FeedbackQuestionKind;
  options: string[];
}

/**
 * Checks answers against the event's questions; returns the field errors (empty when fine).
 * Empty text answers are dropped by the caller: every question is optional.
 */
export function answerErrors(
  questions: Question[],
  answers: Record<string, string | number>,
): { field: string; message: string }[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const errors: { field: string; message: string }[] = [];
  for (const [id, answer] of Object.entries(answers)) {
    const field = `answers.${id}`;
    const question = byId.get(id);
    if (!question) errors.push({ field, message: FEEDBACK_MESSAGES.unknownQuestion });
    else if (question.kind === 'scale') {
      if (typeof answer !== 'number' || !Number.isInteger(answer) || answer < 1 || answer > 5)
        errors.push({ field, message: FEEDBACK_MESSAGES.answerScale });
    } else if (question.kind === 'choice') {
      if (typeof answer !== 'string' || !question.options.includes(answer))
        errors.push({ field, message: FEEDBACK_MESSAGES.answerChoice });
    } else if (typeof answer !== 'string' || answer.length > FEEDBACK_TEXT_ANSWER_MAX)
      errors.push({ field, message: FEEDBACK_MESSAGES.answerText });
  }
  return errors;
}
