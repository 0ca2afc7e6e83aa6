import { z } from 'zod';

// Personal event diary: private notes about the events a person goes to.
export const DIARY_MOODS = ['loved_it', 'good', 'okay', 'meh', 'bad'] as const;
export type DiaryMood = (typeof DIARY_MOODS)[number];
export const DIARY_MOOD_LABELS: Record<DiaryMood, string> = {
  loved_it: 'Loved it',
  good: 'Good',
  okay: 'Okay',
  meh: 'Meh',
  bad: 'Bad',
};

export const DIARY_NOTES_MAX = 5000;
const DIARY_TAG_MAX = 40;
const DIARY_TAGS_MAX = 20;
// One text for every way the tags can fail: the form shows it on its one Tags box.
const DIARY_TAGS_MESSAGE = 'Up to 20 tags, each up to 40 characters';

export const DiaryEntryInputSchema = z.object({
  notes: z.string().max(DIARY_NOTES_MAX).default(''),
  mood: z.enum(DIARY_MOODS).nullable().default(null),
  rating: z
    .number({ error: 'Please rate from 1 to 5' })
    .int({ error: 'Please rate from 1 to 5' })
    .min(1, { error: 'Please rate from 1 to 5' })
    .max(5, { error: 'Please rate from 1 to 5' })
    .nullable()
    .default(null),
  tags: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: DIARY_TAGS_MESSAGE })
        .max(DIARY_TAG_MAX, { error: DIARY_TAGS_MESSAGE }),
    )
    .max(DIARY_TAGS_MAX, { error: DIARY_TAGS_MESSAGE })
    .default([]),
});
export type DiaryEntryInput = z.input<typeof DiaryEntryInputSchema>;

export const DiaryItemSchema = z.object({
  event: z.object({
    id: z.uuid(),
    title: z.string(),
    startsAt: z.string(),
    /** Null when the event gave no end (calendars then show it as lasting two hours). */
    endsAt: z.string().nullable(),
    location: z.string(),
    status: z.string(),
  }),
  /** Why the event is in the diary. */
  source: z.enum(['ticket', 'entry']),
  entry: z
    .object({
      id: z.uuid(),
      notes: z.string(),
      mood: z.enum(DIARY_MOODS).nullable(),
      rating: z.number().nullable(),
      tags: z.array(z.string()),
      photos: z.array(z.object({ id: z.uuid(), url: z.string() })),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type DiaryItem = z.infer<typeof DiaryItemSchema>;
export const DiaryResponseSchema = z.object({ items: z.array(DiaryItemSchema) });
export type DiaryResponse = z.infer<typeof DiaryResponseSchema>;

/** The private calendar feed: whether one exists; its secret URL is shown only when created. */
export const DiaryFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** Only in the answer that created it: the server keeps no copy of the secret. */
  url: z.string().optional(),
});
export type DiaryFeed = z.infer<typeof DiaryFeedSchema>;

/** Reminders go out this long before an event the person holds a ticket for. */
export const DIARY_REMINDER_HOURS = 24;
