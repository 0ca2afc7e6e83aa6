import fc from 'fast-check';

// Test-only (fast-check is a dev dependency): random text for the truncation property tests of
// server and web.

/** Pieces that break naive cuts: surrogate pairs, ZWJ sequences, flags, combining marks, RTL. */
const TRICKY = [
  '🎉',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '🇳🇬',
  '👍🏽',
  'e\u0301',
  'a\u0308\u0323',
  'ש\u05b8',
  '\u200f',
  'مرحبا',
  '\u0915\u094d\u0937',
  '\r\n',
  'x',
  ' ',
];

/** Random well-formed Unicode text: arbitrary graphemes mixed with the tricky pieces. */
export const unicodeText = (maxParts = 60) =>
  fc
    .array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme', maxLength: 3 })), {
      maxLength: maxParts,
    })
    .map((parts) => parts.join(''));
