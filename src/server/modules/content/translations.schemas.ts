import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import {
  HelpArticleInputSchema,
  HelpArticleSchema,
  SitePageInputSchema,
  SitePageSchema,
} from '../../../contracts/content';
import { LOCALES } from '../../../contracts/locales';
import { TRANSLATED_LOCALES } from '../../db/schema/content';

// Versions of help articles and site pages in other languages (decision 049). The English
// article or page is the source; a version holds the same texts written in one other language.

const TEXT = { language: msg`Choose a language` };

export const TranslationLanguageSchema = z.enum(TRANSLATED_LOCALES, {
  error: TEXT.language.message ?? '',
});

/** The language a text is shown in: the reader's when it has a version in it, else English. */
const ShownLanguage = z.enum(LOCALES);

export const LocalizedHelpArticleSchema = HelpArticleSchema.extend({ language: ShownLanguage });
export const LocalizedSitePageSchema = SitePageSchema.extend({ language: ShownLanguage });

// The same rules and messages as the English texts.
export const HelpTranslationInputSchema = HelpArticleInputSchema.pick({
  title: true,
  summary: true,
  body: true,
});
export type HelpTranslationInput = z.input<typeof HelpTranslationInputSchema>;

export const SitePageTranslationInputSchema = SitePageInputSchema.pick({
  title: true,
  bodyHtml: true,
});
export type SitePageTranslationInput = z.input<typeof SitePageTranslationInputSchema>;
