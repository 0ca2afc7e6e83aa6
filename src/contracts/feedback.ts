import { z } from 'zod';

// Event feedback: attendees rate an event 1-5 after it ends, answer the organizer's
// optional questions, and the organizer sees the results and replies in public.

/** Feedback can be given and edited for this long after the event's end. */
export const FEEDBACK_EDIT_DAYS = 7;
/** The request goes out this long after the end (people are home by then). */
export const FEEDBACK_REQUEST_DELAY_HOURS = 2;
/** Fewer ratings than this say more about who rated than about the event: no average shown. */
export const FEEDBACK_MIN_RATINGS_SHOWN = 3;
export const FEEDBACK_COMMENT_MAX = 2000;
export const FEEDBACK_REPLY_MAX = 2000;
export const FEEDBACK_QUESTIONS_MAX = 10;
export const FEEDBACK_QUESTION_LABEL_MAX = 200;
export const FEEDBACK_OPTIONS_MAX = 8;
export const FEEDBACK_OPTION_MAX = 80;
export const FEEDBACK_TEXT_ANSWER_MAX = 300;

export const FEEDBACK_QUESTION_KINDS = ['text', 'choice', 'scale'] as const;
export type FeedbackQuestionKind = (typeof FEEDBACK_QUESTION_KINDS)[number];
export const FEEDBACK_QUESTION_KIND_LABELS: Record<FeedbackQuestionKind, string> = {
  text: 'Short text',
  choice: 'Single choice',
  scale: 'Scale 1–5',
};

export const FEEDBACK_MESSAGES = {
  rating: 'Please choose from 1 to 5 stars',
  notEnded: 'Feedback opens once the event has ended',
  closed: `Feedback closes ${FEEDBACK_EDIT_DAYS} days after the event`,
  notFound: 'Event not found among the events you attended',
  feedbackNotFound: 'Feedback not found',
  choiceOptions: 'A single-choice question needs at least two options',
  unknownQuestion: 'This question is not on the event’s form',
  answerChoice: 'Please pick one of the options',
  answerScale: 'Please answer from 1 to 5',
  answerText: `Please answer in ${FEEDBACK_TEXT_ANSWER_MAX} characters or fewer`,
} as const;

const rating = z
  .number({ error: FEEDBACK_MESSAGES.rating })
  .int({ error: FEEDBACK_MESSAGES.rating })
  .min(1, { error: FEEDBACK_MESSAGES.rating })
  .max(5, { error: FEEDBACK_MESSAGES.rating });

export const FeedbackQuestionInputSchema = z
  .object({
    /** An existing question's id keeps its answers; a new question has none. */
    id: z.uuid().optional(),
    kind: z.enum(FEEDBACK_QUESTION_KINDS, { error: 'Choose a question type' }),
    label: z
      .string()
      .trim()
      .min(1, { error: 'Please write the question' })
      .max(FEEDBACK_QUESTION_LABEL_MAX),
    options: z
      .array(
        z.string().trim().min(1, { error: 'Options cannot be empty' }).max(FEEDBACK_OPTION_MAX),
      )
      .max(FEEDBACK_OPTIONS_MAX)
      .default([]),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'choice' && new Set(question.options).size < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: FEEDBACK_MESSAGES.choiceOptions });
  });
export const FeedbackQuestionsInputSchema = z.object({
  questions: z.array(FeedbackQuestionInputSchema).max(FEEDBACK_QUESTIONS_MAX),
});
export type FeedbackQuestionsInput = z.input<typeof FeedbackQuestionsInputSchema>;

export const FeedbackQuestionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(FEEDBACK_QUESTION_KINDS),
  label: z.string(),
  options: z.array(z.string()),
});
export type FeedbackQuestion = z.infer<typeof FeedbackQuestionSchema>;

export const FeedbackAnswerSchema = z.union([z.string().max(FEEDBACK_TEXT_ANSWER_MAX), z.number()]);
export const FeedbackInputSchema = z.object({
  rating,
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX).default(''),
  /** Question id → answer; unanswered questions are left out (every question is optional). */
  answers: z.record(z.uuid(), FeedbackAnswerSchema).default({}),
});
export type FeedbackInput = z.input<typeof FeedbackInputSchema>;

export const FeedbackEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
});
export type FeedbackEvent = z.infer<typeof FeedbackEventSchema>;

export const MyFeedbackSchema = z.object({
  id: z.uuid(),
  rating: z.number(),
  comment: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.number()])),
  organizerReply: z.string().nullable(),
  updatedAt: z.string(),
});
export type MyFeedback = z.infer<typeof MyFeedbackSchema>;

/** `not_ended`: too early; `open`: can give or edit; `closed`: the week has passed. */
export const FeedbackWindowSchema = z.enum(['not_ended', 'open', 'closed']);
export type FeedbackWindow = z.infer<typeof FeedbackWindowSchema>;

export const FeedbackItemSchema = z.object({
  event: FeedbackEventSchema,
  window: FeedbackWindowSchema,
  editableUntil: z.string(),
  questions: z.array(FeedbackQuestionSchema),
  mine: MyFeedbackSchema.nullable(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const MyFeedbackResponseSchema = z.object({
  /** Ended events I attended, still open, without my feedback. */
  awaiting: z.array(FeedbackItemSchema),
  /** Feedback I gave, newest event first. */
  given: z.array(FeedbackItemSchema),
});
export type MyFeedbackResponse = z.infer<typeof MyFeedbackResponseSchema>;

export const FeedbackCommentSchema = z.object({
  id: z.uuid(),
  rating: z.number(),
  comment: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type FeedbackComment = z.infer<typeof FeedbackCommentSchema>;

export const RatingSummarySchema = z.object({
  average: z.number(),
  count: z.number(),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

/** The public rating of an event or an organizer: null until enough people rated. */
export const PublicRatingSchema = z.object({
  rating: RatingSummarySchema.nullable(),
  /** Visible comments with the organizer's public replies (event only; newest first). */
  comments: z.array(FeedbackCommentSchema),
});
export type PublicRating = z.infer<typeof PublicRatingSchema>;

export const FeedbackResultsSchema = z.object({
  event: FeedbackEventSchema,
  count: z.number(),
  /** Null before the first rating. */
  average: z.number().nullable(),
  /** How many gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: z.array(z.number()).length(5),
  questions: z.array(
    FeedbackQuestionSchema.extend({
      answered: z.number(),
      /** choice: count per option, in the options' order; scale: count per 1..5. */
      counts: z.array(z.number()),
      /** text answers, newest first. */
      texts: z.array(z.string()),
    }),
  ),
  comments: z.array(FeedbackCommentSchema.extend({ hidden: z.boolean() })),
});
export type FeedbackResults = z.infer<typeof FeedbackResultsSchema>;

export const FeedbackReplyInputSchema = z.object({
  reply: z.string().trim().max(FEEDBACK_REPLY_MAX),
});
export const FeedbackHiddenInputSchema = z.object({ hidden: z.boolean() });
