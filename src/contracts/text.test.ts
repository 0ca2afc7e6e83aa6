import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unicodeText } from './text.arbitraries';
import { firstGraphemes, graphemeCount, hasUnstorableCharacters, truncateText } from './text';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemesOf = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);

/** Any UTF-16 code units, unpaired surrogate halves included. */
const utf16Units = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff })), {
    maxLength: 12,
  })
  .map((units) => String.fromCharCode(...units));

const isWellFormed = (text: string) => !hasUnstorableCharacters(text.replaceAll('\u0000', ''));

describe('truncateText', () => {
  it('keeps whole graphemes, at most max of them, as a prefix of the text', () => {
    fc.assert(
      fc.property(
        unicodeText(),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('', '…'),
        (text, max, ellipsis) => {
          const cut = truncateText(text, max, ellipsis);
          const count = graphemeCount(text);
          if (count <= max) {
            expect(cut).toBe(text);
            return;
          }
          expect(cut.endsWith(ellipsis)).toBe(true);
          const kept = cut.slice(0, cut.length - ellipsis.length);
          expect(text.startsWith(kept)).toBe(true);
          // The kept part is exactly the text's first graphemes: no grapheme was split.
          const keptGraphemes = graphemesOf(kept);
          expect(keptGraphemes).toEqual(graphemesOf(text).slice(0, keptGraphemes.length));
          expect(graphemeCount(cut)).toBeLessThanOrEqual(max);
          expect(keptGraphemes.length).toBe(max - graphemeCount(ellipsis));
          expect(isWellFormed(cut)).toBe(isWellFormed(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cuts Latin text without the segmenter exactly as the segmenter would', () => {
    // Mostly one-unit graphemes (ASCII, Latin-1, CR, dashes, the ellipsis) with a joining or
    // wide piece here and there: every boundary of the shortcut meets the segmenter's answer.
    const latinish = fc
      .array(
        fc.oneof(
          {
            weight: 8,
            arbitrary: fc.integer({ min: 0, max: 0x2ff }).map((c) => String.fromCharCode(c)),
          },
          { weight: 2, arbitrary: fc.constantFrom('\r', '\n', '\u2013', '\u2026', '\u2019', 'x') },
          {
            weight: 1,
            arbitrary: fc.constantFrom('\u0301', '\u200d', '\u200c', '🎉', '\ufe0f', '\u1100'),
          },
        ),
        { maxLength: 30 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        latinish,
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('', '…'),
        (text, max, ellipsis) => {
          const count = graphemesOf(text).length;
          expect(graphemeCount(text)).toBe(count);
          const cut = truncateText(text, max, ellipsis);
          const keep = max - graphemesOf(ellipsis).length;
          const cutBySegmenter =
            count <= max ? text : `${graphemesOf(text).slice(0, keep).join('')}${ellipsis}`;
          expect(cut).toBe(cutBySegmenter);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never leaves half of a surrogate pair', () => {
    expect(truncateText('🎉'.repeat(80), 139, '…')).toBe('🎉'.repeat(80));
    expect(truncateText(`${'x'.repeat(138)}🎉🎉`, 139, '…')).toBe(`${'x'.repeat(138)}…`);
    expect(truncateText('👩‍👩‍👧‍👦👩‍👩‍👧‍👦', 1)).toBe('👩‍👩‍👧‍👦');
    expect(firstGraphemes('🇳🇬 Lagos')).toBe('🇳🇬');
  });
});

describe('hasUnstorableCharacters', () => {
  it('finds NUL and unpaired surrogates, and nothing in well-formed text', () => {
    expect(hasUnstorableCharacters('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacters('\ud800')).toBe(true);
    expect(hasUnstorableCharacters('x\udc00')).toBe(true);
    expect(hasUnstorableCharacters('\ud83c\ud83c\udf89')).toBe(true);
    fc.assert(
      fc.property(unicodeText(), (text) => {
        expect(hasUnstorableCharacters(text)).toBe(text.includes('\u0000'));
      }),
    );
    fc.assert(
      fc.property(utf16Units, (text) => {
        const expected = text.includes('\u0000') || Buffer.from(text).toString() !== text;
        expect(hasUnstorableCharacters(text)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
