import { z } from 'zod';
import { LOCALES } from './locales';

export const LanguageInputSchema = z.object({
  language: z.enum(LOCALES, { error: 'Choose one of the offered languages' }),
});
export type LanguageInput = z.infer<typeof LanguageInputSchema>;

export const LanguageResponseSchema = z.object({ language: z.enum(LOCALES) });
