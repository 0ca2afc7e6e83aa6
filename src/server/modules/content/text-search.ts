import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../contracts/locales';

/** PostgreSQL's text search configuration (its stemmer) for each language. */
export const SEARCH_CONFIGS = {
  en: 'english',
  es: 'spanish',
  fr: 'french',
  de: 'german',
  'pt-BR': 'portuguese',
  ar: 'arabic',
} as const satisfies Record<Locale, string>;
// A fixed set of names: written into the SQL as literals (constants the planner folds).
export type SearchConfig = (typeof SEARCH_CONFIGS)[Locale];

/**
 * Every word required, the last one as a prefix (it may still be being typed, and one letter is a
 * search: spec §2). A stop word typed last ("a"), when no word before it searches, completes from
 * its letters as typed, since the text search configuration would drop it; after words that
 * search it is left out. Words are letters and digits only (the service's searchWords), never
 * tsquery syntax; none at all matches nothing.
 */
export function typedWordsQuery(words: string[], config: SearchConfig = 'english'): SQL {
  const cfg = sql.raw(`'${config}'::regconfig`);
  const safe = words.filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  const last = safe.at(-1);
  if (!last) return sql`''::tsquery`;
  const prefix = `${last}:*`;
  const rest = safe.slice(0, -1).join(' & ') || last;
  return sql`(select case
      when numnode(rest) > 0 and ${safe.length > 1} then rest && to_tsquery(${cfg}, ${prefix})
      when numnode(typed) > 0 then typed
      else to_tsquery('simple', ${prefix}) end
    from to_tsquery(${cfg}, ${rest}) as rest, to_tsquery(${cfg}, ${prefix}) as typed)`;
}
