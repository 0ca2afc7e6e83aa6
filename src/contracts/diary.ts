import { z } from 'zod';

// Issue 24 "Personal event diary": private notes about the events a person goes to.
export const DIARY_MOODS = ['loved_it', 'good', 'okay', 'meh', 'bad'] as const;
export type DiaryMood = (typeof DIARY_MOODS)[number];
export const DIARY_MOOD_LABELS: Record<DiaryMood, string> = {
  loved_it: 'Loved it',
  good: 'Good',
  okay: 'Okay',
  meh: 'Meh',
  bad: 'Bad',
};
