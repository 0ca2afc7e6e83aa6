// Text as people see it: cut by user-perceived character (grapheme cluster), never inside an
// emoji, a ZWJ sequence, a flag or a letter with its combining marks. A cut inside a surrogate
// pair leaves a lone surrogate that PostgreSQL's jsonb refuses and browsers draw as "?".
// Shared by server and web so every truncation in the product cuts the same way.

// Made on first use: building a grapheme segmenter loads the browser's break rules, about 0.1 s of
// a phone's main thread, and most pages that import this module cut no text while they load.
let graphemes: Intl.Segmenter | undefined;
function segmenter(): Intl.Segmenter {
  return (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }));
}

// Text without these is one grapheme per UTF-16 unit, so it needs no segmenter: below U+0300
// nothing joins the character before it (combining marks, joiners, Hangul, emoji and surrogates
// are all above) but LF after CR, hence CR here; U+2010-U+2027 (dashes, quotes, the ellipsis)
// stand alone too. Names and titles in Latin script: most of what a page cuts as it loads.
const JOINS_OR_WIDE = /[\u0300-\u200f\r\u2028-\uffff]/;

/** How many user-perceived characters the text has. */
export function graphemeCount(text: string): number {
  if (!JOINS_OR_WIDE.test(text)) return text.length;
  let count = 0;
  for (const _ of segmenter().segment(text)) count += 1;
  return count;
}

/**
 * The text cut to at most `max` user-perceived characters, `ellipsis` included when it had to
 * cut. Whole graphemes only, so the result is always a prefix of the text plus the ellipsis.
 */
export function truncateText(text: string, max: number, ellipsis = ''): string {
  // A grapheme is at least one UTF-16 unit: text this short has no more graphemes than `max`.
  if (text.length <= max) return text;
  const room = Math.max(0, max - graphemeCount(ellipsis));
  // The kept units and the one after them each a grapheme of their own: the text has more than
  // `max`, and a cut after `room` units splits none.
  if (!JOINS_OR_WIDE.test(text.slice(0, max + 1))) return `${text.slice(0, room)}${ellipsis}`;
  let cutAt = 0;
  let count = 0;
  for (const { index } of segmenter().segment(text)) {
    if (count === room) cutAt = index;
    // A grapheme beyond `max` starts here: the text does not fit, cut where the room ended.
    if (count === max) return `${text.slice(0, cutAt)}${ellipsis}`;
    count += 1;
  }
  return text;
}

/** The first `count` user-perceived characters (initials, badges). */
export function firstGraphemes(text: string, count = 1): string {
  return truncateText(text, count);
}

// An unpaired surrogate: a high half not followed by a low one, or a low half not after a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text that cannot be stored: a NUL (PostgreSQL text and jsonb refuse it) or an unpaired
 * surrogate (jsonb refuses it, UTF-8 cannot encode it). The API rejects both with a 400 naming
 * the field.
 */
export function hasUnstorableCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}
