// Message text is shown as text, never as HTML: it is split into plain runs
// and links, and React renders both as text nodes. Only http(s) addresses become links.

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address starts with http(s):// or www. and runs to the next space or angle bracket/quote.
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`]+/gi;
// Punctuation that usually ends the sentence, not the address ("see https://x.example.").
const TRAILING = /[.,;:!?*_~'"]+$/;

/** Drops trailing punctuation and a closing bracket the address did not open. */
function trimAddress(raw: string): string {
  let text = raw;
  for (;;) {
    const before = text;
    text = text.replace(TRAILING, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
      ['{', '}'],
    ] as const) {
      if (text.endsWith(close) && count(text, close) > count(text, open)) text = text.slice(0, -1);
    }
    if (text === before) return text;
  }
}

const count = (text: string, char: string) => text.split(char).length - 1;

/** A link target for the address, or null when it is not a usable http(s) URL. */
export function linkHref(address: string): string | null {
  const withScheme = /^https?:\/\//i.test(address) ? address : `https://${address}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Splits a message into text and links, in order; joined back they are the original text. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const address = trimAddress(match[0]);
    const href = address ? linkHref(address) : null;
    if (!href) continue;
    plain += text.slice(last, start);
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', text: address, href });
    last = start + address.length;
  }
  plain += text.slice(last);
  if (plain) parts.push({ kind: 'text', text: plain });
  return parts;
}
