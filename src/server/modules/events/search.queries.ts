import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { events, searchVocabulary } from '../../db/schema/events';
import { profiles } from '../../db/schema/users';
import { toSearchWords, toTermTsquery, type SearchTerm } from './search-query';
import {
  filterConditions,
  listConditions,
  listed,
  selection,
  type EventWithOrganizer,
  type ListFilters,
} from './events.queries';

// Finding events by what a person types: full-text search with typo corrections, and the
// title suggestions under the search box.

// Title suggestions' typo tolerance, served by the trigram GIN index: whole-title similarity
// (`%`, threshold 0.3) for a mistyped full title, word similarity (`<%`, threshold 0.6) for a
// mistyped word inside a longer title. (Search corrects words instead: findWordCorrections.)
const trigramMatch = (text: string): SQL =>
  sql`(${events.title} % ${text} or ${text} <% ${events.title})`;
const trigramScore = (text: string): SQL<number> =>
  sql<number>`greatest(similarity(${events.title}, ${text}), word_similarity(${text}, ${events.title}))::float8`;

// Below this, trigrams match almost every title and say little.
const TRIGRAM_MIN_LENGTH = 4;

type SearchFilters = Omit<ListFilters, 'after'> & { text: string; offset: number };

// Relevance is decided among the newest matches only (docs/decisions/005): at most this many.
const CANDIDATES = 200;
// Events a newest-first walk is expected to read to collect the candidates; when the words are
// rarer than that allows, the GIN index finds them instead.
const WALK_BUDGET = 20_000;
// The most a walk reads whatever the estimate said; older matches then come from the GIN index.
const WALK_LIMIT = 2 * WALK_BUDGET;

/**
 * What the newest-first walk reads: listed events, and the filters an index can serve (a
 * category's own index is ordered by creation too), so a narrow filter does not thin the walk.
 */
const walkScope = (filters: SearchFilters): SQL | undefined =>
  and(
    listed(filters.eventStatus),
    filters.category ? eq(events.category, filters.category) : undefined,
    filters.organizerId ? eq(events.userId, filters.organizerId) : undefined,
  );

/**
 * The `rows` newest events of the walk's scope, as a subquery named "events" so the list's
 * conditions apply to it unchanged (all but `listed`, which the scope holds: filterConditions).
 * It names only columns the list index carries (migration 0013), so without a category or
 * organizer filter the walk reads that index alone, never the table: at 1,000,000 events, 24,700
 * events walked in 9 ms instead of 32.
 */
function newestListed(filters: SearchFilters, rows: number, before?: SQL): SQL {
  return sql`(
    select ${events.id}, ${events.createdAt}, ${events.searchVector}, ${events.date},
      ${events.startsAt}, ${events.endsAt}, ${events.category}, ${events.isFree},
      ${events.isReferralBased}, ${events.userId}
    from ${events} where ${and(walkScope(filters), before)}
    order by ${events.createdAt} desc, ${events.id} desc
    limit ${rows}) as events`;
}

// What fetching one match through the GIN index costs, in events walked (measured at 1,000,000
// events: 4.5–7 µs a match, mostly its heap block, against ~1.1 µs an event walked; random heap
// reads suffer more on a busy machine, so it is counted high).
const GIN_FETCH = 8;

// How many of the newest listed events are sampled to judge how frequent the words are.
const PROBE = 2_000;

/**
 * How many of the PROBE newest listed events match: a sample of exactly what a walk would meet.
 * The planner's own estimate was tried first; it assumes 0.5 % of rows match a prefix it knows
 * nothing about, which sent searches for absent words on a walk of the whole budget.
 */
async function countRecentMatches(db: DbExecutor, filters: SearchFilters, match: SQL) {
  // With it, how many published public events there are (the list index's size as last
  // analyzed; -1 or 0 when never analyzed): how many matches the GIN index would fetch.
  const { rows } = await db.execute<{ n: number; published: number }>(sql`
    select count(*)::int as n,
      (select reltuples from pg_class where oid = 'events_public_list_idx'::regclass)::float8 as published
    from ${newestListed(filters, PROBE)} where ${and(...filterConditions(filters), match)}`);
  return { sampled: rows[0]?.n ?? 0, published: rows[0]?.published ?? 0 };
}

type Candidate = { id: string; createdAt: Date; rank: number };

/**
 * The newest `count` listed events matching `anyWord` (older than `before`, if given), each with
 * its relevance tier: 3 when every word is in the title, 2 when in the title, place or category,
 * 1 when anywhere. Frequent words are found by walking the newest-first index (it stops after
 * `count` matches; a bounded walk, so a wrong guess costs at most WALK_LIMIT rows before the
 * GIN index takes over for older events); rarer ones by the GIN index, sorting only the matches.
 * The caller chooses from a sample (countRecentMatches): left to choose a plan itself, the
 * planner walked the whole table for prefixes it knew nothing about.
 */
async function findNewestMatches(
  db: DbExecutor,
  filters: SearchFilters,
  params: {
    tiers: [SQL, SQL, SQL];
    count: number;
    /** How many of the newest events a walk may read; 0: use the GIN index at once. */
    walk: number;
    before?: { createdAt: Date; id: string };
  },
): Promise<Candidate[]> {
  const [inTitle, inTitleOrPlace, anyWord] = params.tiers;
  const match = sql`${events.searchVector} @@ ${anyWord}`;
  const rank = sql`case when ${events.searchVector} @@ ${inTitle} then 3 when ${events.searchVector} @@ ${inTitleOrPlace} then 2 else 1 end`;
  const older = (at: SQL) => sql`(${events.createdAt}, ${events.id}) < ${at}`;
  const before = params.before
    ? older(sql`(${params.before.createdAt}, ${params.before.id}::uuid)`)
    : undefined;
  const where = and(...listConditions(filters), match, before);
  const columns = sql`${events.id} as id, ${events.createdAt} as "createdAt", ${rank} as rank`;
  // An expression, not the column: keeps the planner from walking the whole index in order.
  const byIndex = sql`
    select ${columns} from ${events} where ${where}
    order by ${events.createdAt} + interval '0 seconds' desc, ${events.id} desc
    limit ${params.count}`;
  if (params.walk === 0) {
    const { rows } = await db.execute<Candidate>(byIndex);
    return rows;
  }
  // The walk: the newest listed events through the newest-first index, cut at `walk`. UNION ALL
  // under a LIMIT runs its second branch only when the walk found too few: then the GIN index
  // looks at what is older than the last event walked.
  const walked = newestListed(filters, params.walk, before);
  const lastWalked = sql`(
    select ${events.createdAt}, ${events.id} from ${events}
    where ${and(walkScope(filters), before)}
    order by ${events.createdAt} desc, ${events.id} desc
    offset ${params.walk - 1} limit 1)`;
  const { rows } = await db.execute<Candidate>(sql`
    select * from (
      (select ${columns} from ${walked} where ${and(...filterConditions(filters), match)}
        order by ${events.createdAt} desc, ${events.id} desc limit ${params.count})
      union all
      (select ${columns} from ${events} where ${and(where, older(lastWalked))}
        order by ${events.createdAt} + interval '0 seconds' desc, ${events.id} desc
        limit ${params.count})
    ) as found limit ${params.count}`);
  return rows;
}

/**
 * The newest matches form a bounded candidate set (at most CANDIDATES, fewer when the words are
 * frequent but not enough to fill them within WALK_BUDGET events) and only those are ranked:
 * words in the title first, then in the place or category, then anywhere in the description;
 * newest first within a tier. Pages past the candidates continue with older matches, newest
 * first, so pages never repeat or skip (docs/decisions/005).
 */
async function rankMatches(
  db: DbExecutor,
  filters: SearchFilters,
  groups: SearchTerm[][],
): Promise<{ id: string; rank: number }[]> {
  const inTitle = tsqueryOf(groups, 'A');
  const inTitleOrPlace = tsqueryOf(groups, 'AB');
  const anyWord = tsqueryOf(groups);
  if (!inTitle || !inTitleOrPlace || !anyWord) return [];
  const wanted = filters.offset + filters.limit;
  const tiers: [SQL, SQL, SQL] = [inTitle, inTitleOrPlace, anyWord];
  // Matches a walk of WALK_BUDGET newest events should meet, judged from a sample of them;
  // the partial index it walks holds published events only.
  const { sampled, published } = await countRecentMatches(
    db,
    filters,
    sql`${events.searchVector} @@ ${tiers[2]}`,
  );
  const withinBudget = Math.floor((sampled / PROBE) * WALK_BUDGET);
  const walkCount = Math.max(Math.min(withinBudget, CANDIDATES), filters.limit);
  // Twice what the sample says the walk needs: a LIMIT far beyond that made the planner sort a
  // whole category instead of walking its index.
  const walkRows = Math.min(WALK_LIMIT, Math.ceil((2 * walkCount * PROBE) / sampled));
  // The GIN index fetches every match, one heap block each: when the sample says there are fewer
  // than the walk would read, over GIN_FETCH, it is cheaper (exact lexemes: "jazz brunch",
  // 0.3 % of events, 3,300 matches in 23 ms against 40,000 events walked in 46 ms; "techno
  // London", 6,000 matches, measured no better through GIN and stays walked). Counted over every
  // published event, so within a category it errs towards the walk.
  const ginFetches = published > 0 ? (sampled / PROBE) * published : Infinity;
  const walks =
    (filters.eventStatus ?? 'published') === 'published' &&
    withinBudget >= filters.limit &&
    walkRows < GIN_FETCH * ginFetches;
  const walk = walks ? walkRows : 0;
  const count = walks ? walkCount : Math.max(CANDIDATES, filters.limit);
  // Newest first as found; the oldest candidate is where pages past the candidates go on.
  const candidates = await findNewestMatches(db, filters, { tiers, count, walk });
  const oldest = candidates.at(-1);
  const ranked: { id: string; rank: number }[] = candidates
    .map((c, newness) => ({ ...c, newness }))
    .sort((a, b) => b.rank - a.rank || a.newness - b.newness);
  if (oldest && candidates.length === count && wanted > count) {
    const older = await findNewestMatches(db, filters, {
      tiers,
      count: wanted - count,
      walk,
      before: { createdAt: new Date(oldest.createdAt), id: oldest.id },
    });
    ranked.push(...older.map((c) => ({ id: c.id, rank: 0 })));
  }
  return ranked;
}

/**
 * The tsquery for groups of terms (toTermTsquery), as SQL: exact lexemes cast (a constant the
 * planner folds once), words the configuration splits normalized by `to_tsquery`. Null when no
 * group is left (only stop words).
 */
function tsqueryOf(groups: SearchTerm[][], weights = ''): SQL | null {
  const parts = toTermTsquery(groups, weights);
  if (!parts) return null;
  if (parts.every((p) => p.words === null))
    return sql`${parts.map((p) => `(${p.lexemes})`).join(' & ')}::tsquery`;
  return sql.join(
    parts.map((p) => {
      const lexemes = p.lexemes === null ? undefined : sql`${p.lexemes}::tsquery`;
      const words = p.words === null ? undefined : sql`to_tsquery('english', ${p.words})`;
      return lexemes && words ? sql`(${lexemes} || ${words})` : (lexemes ?? words ?? sql``);
    }),
    sql` && `,
  );
}

// The most lexemes a word typed last expands to; past that it stays a prefix match (which then
// costs about what the lexemes would).
const COMPLETIONS = 64;

/** A typed word: its lexemes (none for a stop word) and, typed last, the lexemes it completes. */
type TypedWord = { word: string; lexemes: string[]; completions: string[] | null };

/**
 * Normalizes the typed words with the text search configuration, and expands the last one (the
 * one still being typed) into the vocabulary's lexemes that start with its lexeme: every lexeme
 * a prefix match could meet in an event search can find, so matching them exactly finds the same
 * events without building a bitmap of every event holding a word of that prefix. Null
 * completions: too many (or a word split into several lexemes); the prefix match stays.
 * A stop word ("a", "in", "y") typed last, when no word before it searches, is still being
 * typed: it completes from the letters as typed, so "a" finds "art" like "z" finds "zumba". After
 * words that search it is left out, as before ("jazz the" searches "jazz").
 */
async function prepareWords(db: DbExecutor, words: string[]): Promise<TypedWord[]> {
  if (!words.length) return [];
  const { rows } = await db.execute<{
    word: string;
    lexemes: string[];
    completions: string[] | null;
  }>(sql`
    select typed.word, typed.lexemes,
      case when typed.n = ${words.length} and cardinality(typed.lexemes) <= 1 then array(
        select ${searchVocabulary.lexeme} from ${searchVocabulary}
        where ${searchVocabulary.lexeme} ^@ coalesce(typed.lexemes[1], typed.word)
        order by ${searchVocabulary.lexeme} limit ${COMPLETIONS + 1}) end as completions
    from (
      select word, n, tsvector_to_array(to_tsvector('english', word)) as lexemes
      from unnest(${sql.param(words)}::text[]) with ordinality as typed(word, n)
    ) as typed order by typed.n`);
  return rows.map((row) => ({
    word: row.word,
    lexemes: row.lexemes,
    completions: row.completions && row.completions.length <= COMPLETIONS ? row.completions : null,
  }));
}

/**
 * The terms of each typed word (corrections join as alternatives); null when the query can match
 * nothing: the word typed last completes no lexeme of the vocabulary and has no alternative.
 */
function termsOf(typed: TypedWord[], corrections = new Map<string, string[]>()) {
  const groups: SearchTerm[][] = [];
  // Only stop words typed (prepareWords): the last one completes from its letters.
  const onlyStopWords = typed.every((t) => t.lexemes.length === 0);
  for (const [i, t] of typed.entries()) {
    const last = i === typed.length - 1;
    const typing = last && (t.lexemes.length === 1 || onlyStopWords);
    const alternatives = corrections.get(t.word) ?? [];
    const group: SearchTerm[] = alternatives.length ? [{ lexemes: alternatives }] : [];
    if (t.lexemes.length > 1) group.unshift({ word: t.word, prefix: last });
    else if (typing && t.completions) {
      if (!t.completions.length && !group.length) return null;
      group.unshift({ lexemes: t.completions });
    } else if (t.lexemes.length === 1) group.unshift({ lexemes: t.lexemes, prefix: last });
    // A stop word being typed with too many completions: a prefix of the letters as typed.
    else if (typing) group.unshift({ lexemes: [t.word], prefix: true });
    groups.push(group);
  }
  return groups;
}

// Trigram similarity between a typed word (or its lexeme) and a lexeme of the vocabulary for one
// to stand for the other. "jaz" → "jazz" is 0.5, "brunh" → "brunch" 0.44; "sunest" → "sunset"
// (0.27) is not corrected. The titles' own trigram index (the first version) could not afford
// less than 0.5: a typo near a common word read and rejected every title holding it.
const SIMILAR_WORD = 0.4;
// Alternatives per typed word, most similar first (then the most frequent).
const ALTERNATIVES = 3;

/**
 * Typo tolerance: for each typed word (3 letters or more, not a stop word), the most similar
 * lexemes of the search vocabulary (every word search can match, with a trigram index): a few
 * thousand words to compare instead of a million titles. Searching again with them costs what a
 * search costs.
 */
async function findWordCorrections(
  db: DbExecutor,
  typed: TypedWord[],
): Promise<Map<string, string[]>> {
  const candidates = typed.filter((t) => t.word.length >= 3 && t.lexemes.length > 0);
  if (!candidates.length) return new Map();
  const lexeme = searchVocabulary.lexeme;
  const { rows } = await db.execute<{ word: string; lexeme: string }>(sql`
    select typed.word, similar_word.lexeme
    from unnest(${sql.param(candidates.map((t) => t.word))}::text[], ${sql.param(candidates.map((t) => t.lexemes[0]))}::text[])
        as typed(word, stem),
      lateral (
        select ${lexeme} as lexeme,
          greatest(similarity(${lexeme}, typed.word), similarity(${lexeme}, typed.stem)) as score
        from ${searchVocabulary}
        where (${lexeme} % typed.word or ${lexeme} % typed.stem) and ${lexeme} <> typed.stem
        order by score desc, ${searchVocabulary.events} desc, ${lexeme}
        limit ${ALTERNATIVES}
      ) as similar_word
    where similar_word.score >= ${SIMILAR_WORD}
    order by typed.word, similar_word.score desc`);
  const corrections = new Map<string, string[]>();
  for (const row of rows)
    corrections.set(row.word, [...(corrections.get(row.word) ?? []), row.lexeme]);
  return corrections;
}

/**
 * Search (spec §7 `search`): ranked full-text matches (rankMatches), the word typed last expanded
 * into the words it completes; when the words find nothing and the text is long enough, the same
 * search again with each word or a similar word of the vocabulary ("jaz festivl" →
 * (jaz | jazz) & (festivl… | festiv)), and if that finds nothing either, without the words
 * nothing was similar to.
 */
export async function searchEvents(
  db: DbExecutor,
  filters: SearchFilters,
): Promise<(EventWithOrganizer & { rank: number; headline: string })[]> {
  const wanted = filters.offset + filters.limit;
  const typed = await prepareWords(db, toSearchWords(filters.text));
  let groups = termsOf(typed);
  let ranked = groups ? await rankMatches(db, filters, groups) : [];
  if (ranked.length === 0 && filters.text.length >= TRIGRAM_MIN_LENGTH) {
    const corrections = await findWordCorrections(db, typed);
    if (corrections.size) {
      groups = termsOf(typed, corrections);
      ranked = groups ? await rankMatches(db, filters, groups) : [];
      // Still nothing: a word with nothing like it in the vocabulary is left out.
      if (ranked.length === 0 && corrections.size < typed.length) {
        groups = termsOf(
          typed.filter((t) => corrections.has(t.word)),
          corrections,
        );
        ranked = groups ? await rankMatches(db, filters, groups) : [];
      }
    }
  }
  const page = ranked.slice(filters.offset, wanted);
  const anyWordQuery = groups && tsqueryOf(groups);
  if (!page.length || !anyWordQuery) return [];
  const rows = await db
    .select({
      ...selection,
      // Matched words wrapped in <mark>; the web escapes everything else (no HTML from events).
      headline: sql<string>`ts_headline('english', left(${events.description}, 2000), ${anyWordQuery}, 'StartSel=<mark>,StopSel=</mark>,MaxWords=30,MinWords=12,MaxFragments=1')`,
    })
    .from(events)
    .innerJoin(profiles, eq(profiles.id, events.userId))
    .where(
      inArray(
        events.id,
        page.map((r) => r.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return page.flatMap(({ id, rank }) => {
    const row = byId.get(id);
    return row ? [{ ...row, rank }] : [];
  });
}

/**
 * Title suggestions while typing: the same words as search (the last one completed, so one
 * letter already suggests), plus titles similar to the whole text; only what the dropdown shows.
 */
export async function suggestEvents(
  db: DbExecutor,
  params: { now: Date; today: string; text: string; limit: number },
) {
  const groups = termsOf(await prepareWords(db, toSearchWords(params.text)));
  const words = groups && tsqueryOf(groups);
  const query = words ?? sql`null::tsquery`;
  const rank = sql<number>`(coalesce(ts_rank_cd(${events.searchVector}, ${query}), 0) + ${trigramScore(params.text)})::float8`;
  return db
    .select({ id: events.id, title: events.title, date: events.date, location: events.location })
    .from(events)
    .where(
      and(
        ...listConditions(params),
        or(words ? sql`${events.searchVector} @@ ${words}` : undefined, trigramMatch(params.text)),
      ),
    )
    .orderBy(desc(rank))
    .limit(params.limit);
}
