// Turns what a person typed into a safe PostgreSQL tsquery: words only (no operators from the
// input), all of them required, the last one as a prefix so "jaz fest" finds "Jazz Festival"
// while typing.
export function toPrefixTsquery(input: string, weights = ''): string | null {
  const words = input
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return null;
  // Weight labels (A = title, B = place and category) restrict where each word may match.
  return words
    .map((w, i) => (i === words.length - 1 ? `${w}:*${weights}` : weights ? `${w}:${weights}` : w))
    .join(' & ');
}
