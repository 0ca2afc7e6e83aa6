import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import {
  helpArticles,
  helpArticleTranslations,
  helpWords,
  textSearchConfig,
} from '../../db/schema/content';
import { SEARCH_CONFIGS, typedWordsQuery, type SearchConfig } from './text-search';
import { must } from '../../platform/must';
import { isUuid } from '../../../contracts/ids';
import type { Locale } from '../../../contracts/locales';

const version = helpArticleTranslations;

/** Joins each article's version in the reader's language, when it has one (never for English). */
function versionIn(locale: Locale) {
  return locale === 'en'
    ? sql`false`
    : and(eq(version.articleId, helpArticles.id), eq(version.language, locale));
}

// The reader's version where there is one, the English article otherwise (field by field the
// same row: a version always has its own title and body).
const title = sql<string>`coalesce(${version.title}, ${helpArticles.title})`;
const summary = sql<string>`coalesce(${version.summary}, ${helpArticles.summary})`;
const body = sql<string>`coalesce(${version.body}, ${helpArticles.body})`;

const helpSummary = {
  id: helpArticles.id,
  slug: helpArticles.slug,
  category: helpArticles.category,
  title,
  summary,
};

export function findHelpArticles(db: DbExecutor, params: { locale: Locale }) {
  return db
    .select(helpSummary)
    .from(helpArticles)
    .leftJoin(version, versionIn(params.locale))
    .orderBy(asc(helpArticles.category), asc(helpArticles.position), asc(title))
    .limit(2000);
}

export function findPopularHelpArticles(db: DbExecutor, params: { limit: number; locale: Locale }) {
  return db
    .select(helpSummary)
    .from(helpArticles)
    .leftJoin(version, versionIn(params.locale))
    .orderBy(desc(sql`${helpArticles.views} + 5 * ${helpArticles.helpfulYes}`), asc(title))
    .limit(params.limit);
}

export function findFaq(db: DbExecutor, params: { locale: Locale }) {
  return db
    .select({ id: helpArticles.id, slug: helpArticles.slug, question: title, answer: body })
    .from(helpArticles)
    .leftJoin(version, versionIn(params.locale))
    .where(eq(helpArticles.isFaq, true))
    .orderBy(asc(helpArticles.position), asc(title))
    .limit(100);
}

/** An article in the reader's language (or English), `language` saying which one it is. */
export async function findHelpArticle(
  db: DbExecutor,
  params: { idOrSlug: string; locale?: Locale },
) {
  const byId = isUuid(params.idOrSlug);
  const [row] = await db
    .select({
      id: helpArticles.id,
      slug: helpArticles.slug,
      category: helpArticles.category,
      title,
      summary,
      body,
      isFaq: helpArticles.isFaq,
      helpfulYes: helpArticles.helpfulYes,
      helpfulNo: helpArticles.helpfulNo,
      updatedAt: sql<Date>`coalesce(${version.updatedAt}, ${helpArticles.updatedAt})`.mapWith(
        helpArticles.updatedAt,
      ),
      language: sql<Locale>`coalesce(${version.language}, 'en')`,
    })
    .from(helpArticles)
    .leftJoin(version, versionIn(params.locale ?? 'en'))
    .where(byId ? eq(helpArticles.id, params.idOrSlug) : eq(helpArticles.slug, params.idOrSlug));
  return row ?? null;
}

export async function countHelpView(db: DbExecutor, params: { id: string }) {
  await db
    .update(helpArticles)
    .set({ views: sql`${helpArticles.views} + 1` })
    .where(eq(helpArticles.id, params.id));
}

export async function addHelpFeedback(db: DbExecutor, params: { id: string; helpful: boolean }) {
  const rows = await db
    .update(helpArticles)
    .set(
      params.helpful
        ? { helpfulYes: sql`${helpArticles.helpfulYes} + 1` }
        : { helpfulNo: sql`${helpArticles.helpfulNo} + 1` },
    )
    .where(eq(helpArticles.id, params.id))
    .returning({ id: helpArticles.id });
  return rows.length === 1;
}

export async function upsertHelpArticle(
  db: DbExecutor,
  values: typeof helpArticles.$inferInsert & { slug: string },
) {
  const [row] = await db
    .insert(helpArticles)
    .values(values)
    .onConflictDoUpdate({
      target: helpArticles.slug,
      set: {
        title: values.title,
        category: values.category,
        summary: values.summary,
        body: values.body,
        isFaq: values.isFaq,
        updatedAt: values.updatedAt,
      },
    })
    .returning({ id: helpArticles.id });
  return must(row, 'saved help article').id;
}

export async function updateHelpArticle(
  db: DbExecutor,
  params: { id: string; values: Partial<typeof helpArticles.$inferInsert> },
) {
  const rows = await db
    .update(helpArticles)
    .set(params.values)
    .where(eq(helpArticles.id, params.id))
    .returning({ id: helpArticles.id });
  return rows.length === 1;
}

export async function deleteHelpArticle(db: DbExecutor, params: { id: string }) {
  const rows = await db
    .delete(helpArticles)
    .where(eq(helpArticles.id, params.id))
    .returning({ id: helpArticles.id });
  return rows.length === 1;
}

/** Adds a text's words to the typo-correction word list. */
export async function addHelpWords(db: DbExecutor, params: { text: string }) {
  await db.execute(sql`
    insert into ${helpWords} (word)
    select lexeme from unnest(to_tsvector('simple', ${params.text}))
    where length(lexeme) between 3 and 30 and lexeme ~ '^[[:alpha:]]+$'
    on conflict do nothing`);
}

/**
 * Each typed word with the closest known word when it is not one (trigram similarity,
 * index-served `%`); `known` is null when nothing is like it, `exact` says the word is one of the
 * help center's words as typed.
 */
export async function correctWords(db: Database, params: { words: string[] }) {
  if (!params.words.length) return [];
  // pg_trgm's default threshold (0.3) misses a swapped pair in a short word ("refnud" scores
  // 0.27 against "refund"); 0.2 for this statement's own transaction only, still served by the
  // trigram index. One statement: the threshold is set in a CTE whose value the lookup reads, so
  // it is set before any lookup runs (a transaction of its own cost four round trips).
  const result = await db.execute<{ typed: string; known: string | null; exact: boolean }>(sql`
    with threshold as materialized (
      select set_config('pg_trgm.similarity_threshold', '0.2', true) as value
    )
    select t.w as typed, e.word is not null as exact,
      coalesce(
        e.word,
        (select word from ${helpWords} where threshold.value is not null and word % t.w
          order by similarity(word, t.w) desc, word limit 1)
      ) as known
    from threshold,
      jsonb_array_elements_text(${JSON.stringify(params.words)}::jsonb) with ordinality as t(w, n)
    left join ${helpWords} e on e.word = t.w
    order by t.n`);
  return result.rows;
}

export type HelpHit = {
  id: string;
  slug: string;
  category: string;
  title: string;
  summary: string;
  /** The whole article text: the chatbot answers from its sentences. */
  body: string;
  snippet: string;
  rank: number;
  coverage: number;
};

/**
 * Help articles matching the words, best first. `mode: 'all'` needs every word, the last as a
 * prefix (typedWordsQuery), in the order of searchAllWords; `'any'` takes any of them, ranked by
 * `coverage` (the share of the question's words the article holds, which the chatbot's
 * confidence uses), then `ts_rank`.
 *
 * Cost at 10,000 articles (decision 022): a common word matches every article, so
 * each matching row's work is what counts. The lexemes and the query are plain functions of the
 * bound text, so PostgreSQL folds them into constants at planning (the old `string_agg(...)
 * ::tsquery` was parsed again for every row, and the planner could not see the words to choose
 * between the GIN index and a scan). `ts_rank` rather than `ts_rank_cd` (cover density was 10×
 * the rest of the row's work), and the coverage is one `ts_delete` per row instead of a
 * tsquery parsed per word per row.
 */
export async function searchHelp(
  db: DbExecutor,
  params: { text: string; mode: 'all' | 'any'; limit: number; locale?: Locale },
): Promise<HelpHit[]> {
  // The service's words are letters and digits only (searchWords), never tsquery syntax; the
  // filter keeps it so whatever calls this.
  const words = params.text.split(/\s+/).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  if (!words.length) return [];
  const locale = params.locale ?? 'en';
  const found =
    params.mode === 'all'
      ? await searchAllWords(db, { words, limit: params.limit, locale })
      : locale === 'en'
        ? await anyWordEnglish(db, { words, limit: params.limit })
        : await anyWordIn(db, { words, limit: params.limit, locale });
  return found.map((r) => ({ ...r, rank: Number(r.rank), coverage: Number(r.coverage) }));
}

const HEADLINE = sql.raw(
  `'MaxFragments=1, MinWords=12, MaxWords=40, StartSel="", StopSel="", FragmentDelimiter=" … "'`,
);

/** Where the every-word search looks: the articles, or a language's versions (aliases a, v). */
type Source = {
  from: SQL;
  where: SQL;
  title: SQL;
  summary: SQL;
  body: SQL;
  vector: SQL;
  /** The expression of the source's title index (the migration's, word for word). */
  titleWords: SQL;
  config: SearchConfig;
};

const ENGLISH: Source = {
  from: sql`${helpArticles} a`,
  where: sql`true`,
  title: sql`a.title`,
  summary: sql`a.summary`,
  body: sql`a.body`,
  vector: sql`a.search_vector`,
  titleWords: sql`to_tsvector('english', a.title)`,
  config: 'english',
};

function sourcesFor(locale: Locale): Source[] {
  if (locale === 'en') return [ENGLISH];
  const hasVersion = sql`exists (select 1 from ${helpArticleTranslations} v
    where v.article_id = a.id and v.language = ${locale})`;
  return [
    {
      from: sql`${helpArticleTranslations} v join ${helpArticles} a on a.id = v.article_id`,
      where: sql`v.language = ${locale}`,
      title: sql`v.title`,
      summary: sql`v.summary`,
      body: sql`v.body`,
      vector: sql`v.search_vector`,
      titleWords: sql`to_tsvector(${textSearchConfig(sql`v.language`)}, v.title)`,
      config: SEARCH_CONFIGS[locale],
    },
    { ...ENGLISH, where: sql`not ${hasVersion}` },
  ];
}

/**
 * Each searching word as its own query, restricted to the weights given (A: the title; AB: the
 * title or the summary), the last one as a prefix: the same words typedWordsQuery requires (stop
 * words left out; a lone stop word typed last completes from its letters as typed).
 */
function wordQueries(words: string[], config: SearchConfig, weights: 'A' | 'AB'): SQL {
  const cfg = sql.raw(`'${config}'::regconfig`);
  const last = words.length - 1;
  const each = words.map(
    (w, i) => sql`to_tsquery(${cfg}, ${i === last ? `${w}:*${weights}` : `${w}:${weights}`})`,
  );
  return sql`(select case when count(*) > 0 then array_agg(q)
      else array[to_tsquery('simple', ${`${words[last]}:*${weights}`})] end
    from unnest(array[${sql.join(each, sql`, `)}]::tsquery[]) as q where numnode(q) > 0)`;
}

/**
 * Every word required, in this order (decision 153): the articles with more of the words in
 * their title first, then more of them in the title or summary, then by title (and id). One
 * typed word: title hits, then summary hits, then body-only hits, each by title. Shares of the
 * words rather than counts, so a language's versions and English articles rank together.
 *
 * The top group (every word in the title) is found through the title's own index and ordered by
 * title: when it fills the page, nothing else is read and no match is ranked. Otherwise every
 * match is ranked, two small `@@` per word instead of `ts_rank` and the coverage over each.
 */
async function searchAllWords(
  db: DbExecutor,
  params: { words: string[]; limit: number; locale: Locale },
): Promise<HelpHit[]> {
  const text = params.words.join(' ');
  const sources = sourcesFor(params.locale);
  const select = (s: Source) => {
    const cfg = sql.raw(`'${s.config}'::regconfig`);
    return sql`a.id, a.slug, a.category, ${s.title} as title, ${s.summary} as summary,
      ${s.body} as body, ${s.vector} as vector, tq.query, ${cfg} as config,
      tsvector_to_array(to_tsvector(${cfg}, ${text})) as lex`;
  };
  const query = (s: Source) => typedWordsQuery(params.words, s.config);
  const top = sources.map(
    (s) => sql`(select ${select(s)}, 1::float8 as title_share, 1::float8 as head_share
      from ${s.from}, (select ${query(s)} as query) tq
      where ${s.where} and numnode(tq.query) > 0 and ${s.titleWords} @@ tq.query
      order by ${s.title}, a.id limit ${params.limit})`,
  );
  const share = (s: Source, words: string) => sql`(select count(*) from unnest(tq.${sql.raw(words)})
    as w where ${s.vector} @@ w)::float8 / cardinality(tq.${sql.raw(words)})`;
  const all = sources.map(
    (s) => sql`(select ${select(s)}, ${share(s, 'title_words')} as title_share,
        ${share(s, 'head_words')} as head_share
      from ${s.from}, (select ${query(s)} as query,
        ${wordQueries(params.words, s.config, 'A')} as title_words,
        ${wordQueries(params.words, s.config, 'AB')} as head_words) tq
      where ${s.where} and numnode(tq.query) > 0 and ${s.vector} @@ tq.query
      order by title_share desc, head_share desc, ${s.title}, a.id limit ${params.limit})`,
  );
  // One statement: the ranking of every match runs only when the top group is short of a page
  // (a one-time filter on the top group's count), and then it is the whole answer.
  const result = await db.execute<HelpHit>(sql`
    with top as materialized (
      select * from (${sql.join(top, sql` union all `)}) t order by title, id limit ${params.limit}
    ), hits as (
      select * from top where (select count(*) from top) >= ${params.limit}
      union all
      select * from (${sql.join(all, sql` union all `)}) m
      where (select count(*) from top) < ${params.limit}
    )
    select id, slug, category, title, summary, body,
      (title_share + head_share)::float8 as rank,
      coalesce((length(vector) - length(ts_delete(vector, lex)))::float8
        / nullif(cardinality(lex), 0), 0) as coverage,
      ts_headline(config, body, query, ${HEADLINE}) as snippet
    from hits order by title_share desc, head_share desc, title, id limit ${params.limit}`);
  return result.rows;
}

async function anyWordEnglish(db: DbExecutor, params: { words: string[]; limit: number }) {
  const text = params.words.join(' ');
  const result = await db.execute<HelpHit>(sql`
    with tq as (
      select tsvector_to_array(to_tsvector('english', ${text})) as lex,
        to_tsquery('english', ${params.words.join(' | ')}) as query
    ), hits as (
      select a.id, a.slug, a.category, a.title, a.summary, a.body,
        ts_rank(a.search_vector, tq.query, 32) as rank,
        coalesce((length(a.search_vector) - length(ts_delete(a.search_vector, tq.lex)))::float8
          / nullif(cardinality(tq.lex), 0), 0) as coverage,
        tq.query
      from ${helpArticles} a, tq
      where numnode(tq.query) > 0 and a.search_vector @@ tq.query
      order by coverage desc, rank desc, a.title
      limit ${params.limit}
    )
    select id, slug, category, title, summary, body, rank::float8 as rank, coverage,
      ts_headline('english', body, query, ${HEADLINE}) as snippet
    from hits order by coverage desc, rank desc, title`);
  return result.rows;
}

/**
 * The any-word search for a reader of another language: the versions in that language with its
 * stemmer, and the English articles that have no version in it with the English one (each
 * index-served), ranked together.
 */
async function anyWordIn(
  db: DbExecutor,
  params: { words: string[]; limit: number; locale: Exclude<Locale, 'en'> },
) {
  const text = params.words.join(' ');
  const config = SEARCH_CONFIGS[params.locale];
  const cfg = sql.raw(`'${config}'::regconfig`);
  const anyWord = (name: string) =>
    sql`to_tsquery(${sql.raw(`'${name}'::regconfig`)}, ${params.words.join(' | ')})`;
  const result = await db.execute<HelpHit>(sql`
    with tq as (
      select tsvector_to_array(to_tsvector(${cfg}, ${text})) as llex, ${anyWord(config)} as lquery,
        tsvector_to_array(to_tsvector('english', ${text})) as elex, ${anyWord('english')} as equery
    ), hits as (
      (select a.id, a.slug, a.category, v.title, v.summary, v.body,
        ts_rank(v.search_vector, tq.lquery, 32) as rank,
        coalesce((length(v.search_vector) - length(ts_delete(v.search_vector, tq.llex)))::float8
          / nullif(cardinality(tq.llex), 0), 0) as coverage,
        tq.lquery as query, ${cfg} as config
      from ${helpArticleTranslations} v join ${helpArticles} a on a.id = v.article_id, tq
      where v.language = ${params.locale} and numnode(tq.lquery) > 0
        and v.search_vector @@ tq.lquery
      order by coverage desc, rank desc, v.title
      limit ${params.limit})
      union all
      (select a.id, a.slug, a.category, a.title, a.summary, a.body,
        ts_rank(a.search_vector, tq.equery, 32) as rank,
        coalesce((length(a.search_vector) - length(ts_delete(a.search_vector, tq.elex)))::float8
          / nullif(cardinality(tq.elex), 0), 0) as coverage,
        tq.equery as query, 'english'::regconfig as config
      from ${helpArticles} a, tq
      where numnode(tq.equery) > 0 and a.search_vector @@ tq.equery
        and not exists (select 1 from ${helpArticleTranslations} v
          where v.article_id = a.id and v.language = ${params.locale})
      order by coverage desc, rank desc, a.title
      limit ${params.limit})
    )
    select id, slug, category, title, summary, body, rank::float8 as rank, coverage,
      ts_headline(config, body, query, ${HEADLINE}) as snippet
    from hits order by coverage desc, rank desc, title limit ${params.limit}`);
  return result.rows;
}
