import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import type { HelpArticle, HelpArticleInput, HelpSearchResult } from '../../../contracts/content';
import type { Locale } from '../../../contracts/locales';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { canEditSiteContent } from './content.policy';
import { presentHelpArticle } from './content.presenter';
import * as q from './help.queries';
import { asJson, readHelpIndex, searchWords, slugify, type ContentDeps } from './content.service';
import type { HelpTranslationSeed } from './help-translations';
import { upsertHelpTranslation } from './translations.queries';

type LocalizedHelpArticle = HelpArticle & { language: Locale };

const articleNotFound = () => new AppError('NOT_FOUND', msg`Help article not found`);

function requireSiteEditor(actor: AuthUser) {
  if (!canEditSiteContent(actor)) throw new AppError('FORBIDDEN', msg`Required role: admin`);
}

// Articles read in the reader's language where they have a version in it (English otherwise),
// so the shared public reads are kept per language.

/** The help categories with their articles, as the JSON body every reader of a language shares. */
export function helpIndexJson(
  deps: Pick<ContentDeps, 'db' | 'reads'>,
  params: { locale: Locale },
): Promise<string> {
  return asJson(deps.reads, `help:${params.locale}`, () => readHelpIndex(deps, params.locale));
}

/** The FAQ as the JSON body every reader of a language shares. */
export function faqJson(
  deps: Pick<ContentDeps, 'db' | 'reads'>,
  params: { locale: Locale },
): Promise<string> {
  return asJson(deps.reads, `faq:${params.locale}`, async () => ({
    items: await q.findFaq(deps.db, params),
  }));
}

/** An article in the reader's language, or in English when it has no version in it. */
export async function getHelpArticle(
  deps: Pick<ContentDeps, 'db'>,
  params: { idOrSlug: string; locale?: Locale },
): Promise<LocalizedHelpArticle> {
  const row = await q.findHelpArticle(deps.db, params);
  if (!row) throw articleNotFound();
  await q.countHelpView(deps.db, { id: row.id });
  return { ...presentHelpArticle(row), language: row.language };
}

export async function helpFeedback(
  deps: Pick<ContentDeps, 'db' | 'reads'>,
  params: { id: string; helpful: boolean },
) {
  if (!(await q.addHelpFeedback(deps.db, params))) throw articleNotFound();
  // "Helpful" votes rank the index's popular articles.
  deps.reads.clear();
}

// Help words are only ever added (saving an article adds its words; nothing removes them), so a
// word once found in help_words stays one: each process remembers the words it has seen there
// and asks PostgreSQL only about the others. Most questions are made of known words, and the
// correction is a trigram search in PostgreSQL (decision 022).
// Kept per database handle (the tests make a database per file) and capped.
const knownHelpWords = new WeakMap<Database, Set<string>>();
const KNOWN_HELP_WORDS_CAP = 50_000;

/** The words with each mistyped one replaced by the closest help word (as typed when none). */
export async function correctHelpWords(db: Database, words: string[]): Promise<string[]> {
  let known = knownHelpWords.get(db);
  if (!known) knownHelpWords.set(db, (known = new Set()));
  const seen = known;
  const ask = [...new Set(words.filter((word) => !seen.has(word)))];
  if (!ask.length) return words;
  const rows = await q.correctWords(db, { words: ask });
  if (seen.size + rows.length > KNOWN_HELP_WORDS_CAP) seen.clear();
  const replaced = new Map<string, string>();
  for (const row of rows) {
    if (row.exact) seen.add(row.typed);
    replaced.set(row.typed, row.known ?? row.typed);
  }
  return words.map((word) => replaced.get(word) ?? word);
}

/**
 * Every word required first; when nothing matches, mistyped words are replaced by the closest
 * word of the help articles and the search runs again; then any word is enough.
 */
export async function searchHelp(
  deps: Pick<ContentDeps, 'db'>,
  params: { q: string; limit?: number; locale?: Locale },
): Promise<HelpSearchResult> {
  const limit = params.limit ?? 20;
  const locale = params.locale ?? 'en';
  const words = searchWords(params.q);
  if (!words.length) return { items: [], correctedQuery: null };
  const strip = (hits: q.HelpHit[]) =>
    hits.map(({ id, slug, category, title, summary, snippet }) => ({
      id,
      slug,
      category,
      title,
      summary,
      snippet,
    }));
  const exact = await q.searchHelp(deps.db, { text: words.join(' '), mode: 'all', limit, locale });
  if (exact.length) return { items: strip(exact), correctedQuery: null };
  const corrected = await correctHelpWords(deps.db, words);
  const text = corrected.join(' ');
  const changed = text !== words.join(' ') ? text : null;
  const all = changed ? await q.searchHelp(deps.db, { text, mode: 'all', limit, locale }) : [];
  if (all.length) return { items: strip(all), correctedQuery: changed };
  const any = (await q.searchHelp(deps.db, { text, mode: 'any', limit, locale })).filter(
    (hit) => hit.coverage >= 0.5,
  );
  return { items: strip(any), correctedQuery: any.length ? changed : null };
}

async function helpWordsFor(
  db: DbExecutor,
  input: { title: string; summary: string; body: string },
) {
  await q.addHelpWords(db, { text: `${input.title} ${input.summary} ${input.body}` });
}

export async function saveHelpArticle(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: { actor: AuthUser; id?: string; input: HelpArticleInput },
) {
  requireSiteEditor(params.actor);
  const input = {
    ...params.input,
    summary: params.input.summary ?? '',
    isFaq: params.input.isFaq ?? false,
  };
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await helpWordsFor(tx, input);
    if (params.id) {
      if (!(await q.updateHelpArticle(tx, { id: params.id, values: { ...input, updatedAt: now } })))
        throw articleNotFound();
      return params.id;
    }
    return q.upsertHelpArticle(tx, {
      ...input,
      slug: `${slugify(input.title)}-${randomBytes(2).toString('hex')}`,
      updatedAt: now,
    });
  });
  deps.reads.clear();
  return getHelpArticle(deps, { idOrSlug: id });
}

export async function deleteHelpArticle(
  deps: Pick<ContentDeps, 'db' | 'reads'>,
  params: { actor: AuthUser; id: string },
) {
  requireSiteEditor(params.actor);
  if (!(await q.deleteHelpArticle(deps.db, { id: params.id }))) throw articleNotFound();
  deps.reads.clear();
}

/** Seed and tests: writes help articles by slug (idempotent) with their words. */
export async function seedHelpArticles(
  db: DbExecutor,
  params: {
    now: Date;
    articles: {
      slug: string;
      category: string;
      title: string;
      summary: string;
      body: string;
      isFaq?: boolean;
    }[];
  },
) {
  let position = 0;
  for (const article of params.articles) {
    position += 1;
    await q.upsertHelpArticle(db, {
      ...article,
      isFaq: article.isFaq ?? false,
      position,
      updatedAt: params.now,
    });
    await helpWordsFor(db, article);
  }
}

/** Seed and tests: writes versions of help articles (by the article's slug) with their words. */
export async function seedHelpTranslations(
  db: DbExecutor,
  params: { now: Date; translations: HelpTranslationSeed[] },
) {
  for (const version of params.translations) {
    const article = await q.findHelpArticle(db, { idOrSlug: version.slug });
    if (!article) continue;
    await upsertHelpTranslation(db, {
      articleId: article.id,
      language: version.language,
      title: version.title,
      summary: version.summary,
      body: version.body,
      updatedAt: params.now,
    });
    await helpWordsFor(db, version);
  }
}
