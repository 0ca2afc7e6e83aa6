import { sql, type SQL } from 'drizzle-orm';

/**
 * Every word required, the last one as a prefix (it may still be being typed, and one letter is a
 * search: spec §2). A stop word typed last ("a"), when no word before it searches, completes from
 * its letters as typed, since the text search configuration would drop it; after words that
 * search it is left out. Words are letters and digits only (the service's searchWords), never
 * tsquery syntax; none at all matches nothing.
 */
export function typedWordsQuery(words: string[]): SQL {
  const safe = words.filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  const last = safe.at(-1);
  if (!last) return sql`''::tsquery`;
  const prefix = `${last}:*`;
  const rest = safe.slice(0, -1).join(' & ') || last;
  return sql`(select case
      when numnode(rest) > 0 and ${safe.length > 1} then rest && to_tsquery('english', ${prefix})
      when numnode(typed) > 0 then typed
      else to_tsquery('simple', ${prefix}) end
    from to_tsquery('english', ${rest}) as rest, to_tsquery('english', ${prefix}) as typed)`;
}
