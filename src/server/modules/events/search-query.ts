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
