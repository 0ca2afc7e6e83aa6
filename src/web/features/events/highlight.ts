/** One piece of a search headline: plain text, or a matched word to show inside <mark>. */
export interface HighlightSegment {
  text: string;
  isMatch: boolean;
}

/**
 * Splits a server headline on its `<mark>…</mark>` tags. Everything else in the fragment is the
 * event's own text, so it stays text: a `<script>` in a description comes out as a text segment
 * and React escapes it (never dangerouslySetInnerHTML).
 */
export function parseHighlight(fragment: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (const match of fragment.matchAll(pattern)) {
    const start = match.index;
    if (start > last) segments.push({ text: fragment.slice(last, start), isMatch: false });
    if (match[1]) segments.push({ text: match[1], isMatch: true });
    last = start + match[0].length;
  }
  if (last < fragment.length) segments.push({ text: fragment.slice(last), isMatch: false });
  return segments;
}
