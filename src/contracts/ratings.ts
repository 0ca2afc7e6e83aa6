import { z } from 'zod';

// Spec §2 rating dialog: besides sign-up (asked before the account has a session),
// the product asks about the experience after a checkout and after creating an event, once per
// account and rating type; the server remembers who was asked (user_rating_prompts).
export const RATING_PROMPT_TYPES = ['checkout', 'event_creation'] as const;
export type RatingPromptType = (typeof RATING_PROMPT_TYPES)[number];

export const RatingPromptInputSchema = z.object({
  ratingType: z.enum(RATING_PROMPT_TYPES, {
    error: `Choose one of: ${RATING_PROMPT_TYPES.join(', ')}`,
  }),
});

/** `ask` is true exactly once per account and rating type: the first time it is claimed. */
export const RatingPromptSchema = z.object({ ask: z.boolean() });
export type RatingPrompt = z.infer<typeof RatingPromptSchema>;

/** Admin analytics: experience ratings given in the period, per rating type. */
export const RatingsByTypeSchema = z.array(
  z.object({
    ratingType: z.string(),
    count: z.number().int(),
    average: z.number(),
  }),
);
