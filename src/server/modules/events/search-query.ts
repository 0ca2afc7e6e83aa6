// Turns what a person typed into a safe PostgreSQL tsquery: words only (no operators from the
// input), all of them required, the last one as a prefix so "jaz fest" finds "Jazz Festival"
// while typing.

/** The words of a search text, lower-cased, letters and digits only (at most 8). */
export function toSearchWords(input: string): string[] {
  return input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * Every group required, any word of a group enough: `[['jaz', 'jazz'], ['fest']]` →
 * `(jaz | jazz) & fest:*`. The first word of the last group (what was typed last) is a prefix.
 * Words must come from toSearchWords (or from stored text split the same way).
 */
export function toTsquery(groups: string[][], weights = ''): string | null {
  const present = groups.map((g) => g.filter(Boolean)).filter((g) => g.length > 0);
  if (!present.length) return null;
  // Weight labels (A = title, B = place and category) restrict where each word may match.
  return present
    .map((group, i) => {
      const terms = group.map((w, j) =>
        i === present.length - 1 && j === 0 ? `${w}:*${weights}` : weights ? `${w}:${weights}` : w,
      );
      return terms.length > 1 ? `(${terms.join(' | ')})` : terms[0];
    })
    .join(' & ');
}

export function toPrefixTsquery(input: string, weights = ''): string | null {
  return toTsquery(
    toSearchWords(input).map((w) => [w]),
    weights,
  );
}

/**
 * One way a search word may match, as a tsquery operand:
 * - `lexemes`: these exact lexemes, any of them, already normalized (from the search vocabulary
 *   or the text search configuration) and never normalized again: stemming a stem may change it
 *   ("agreed" → "agre" → "agr");
 * - `word`: a typed word left to `to_tsquery('english', …)` to normalize (one the configuration
 *   splits into several lexemes).
 * `prefix` makes it a prefix match.
 */
export type SearchTerm = { prefix?: boolean } & (
  { lexemes: string[]; word?: undefined } | { word: string; lexemes?: undefined }
);

/** A lexeme as a tsquery operand, exactly as stored: quoted, quotes and backslashes escaped. */
export function quoteLexeme(lexeme: string, suffix = ''): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${suffix}`;
}

/**
 * A tsquery for groups of terms, in parts: every group required, any term of a group enough,
 * every operand restricted to `weights`. Per group, `lexemes` is tsquery text to cast (::tsquery,
 * no normalization) and `words` text for `to_tsquery('english', …)`; either may be null, and the
 * group is their OR. A group without terms is left out, like a stop word in `to_tsquery`; null
 * when none is left.
 */
export function toTermTsquery(
  groups: SearchTerm[][],
  weights = '',
): { lexemes: string | null; words: string | null }[] | null {
  const operand = (text: string, prefix?: boolean) =>
    prefix || weights ? `${text}:${prefix ? '*' : ''}${weights}` : text;
  const parts = groups.map((group) => {
    const lexemes = group.flatMap((t) =>
      (t.lexemes ?? []).map((l) => operand(quoteLexeme(l), t.prefix)),
    );
    const words = group.flatMap((t) => (t.word ? [operand(t.word, t.prefix)] : []));
    return {
      lexemes: lexemes.length ? lexemes.join(' | ') : null,
      words: words.length ? words.join(' | ') : null,
    };
  });
  const present = parts.filter((p) => p.lexemes !== null || p.words !== null);
  return present.length ? present : null;
}
