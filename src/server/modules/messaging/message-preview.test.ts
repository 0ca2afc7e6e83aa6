import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemeCount, hasUnstorableCharacters } from '../../../contracts/text';
import { unicodeText } from '../../../contracts/text.arbitraries';
import { previewOf } from './messaging.service';

describe('previewOf (the conversation list line)', () => {
  it('cuts by grapheme: 140 at most, never half an emoji', () => {
    expect(previewOf('🎉'.repeat(80), false)).toBe('🎉'.repeat(80));
    expect(previewOf(`${'x'.repeat(138)}🎉🎉`, false)).toBe(`${'x'.repeat(138)}🎉🎉`);
    expect(previewOf(`${'x'.repeat(139)}🎉🎉`, false)).toBe(`${'x'.repeat(139)}…`);
    expect(previewOf('  ', true)).toBe('Sent a photo');
  });

  it('is a well-formed prefix of the message for any text', () => {
    fc.assert(
      fc.property(unicodeText(120), (body) => {
        const preview = previewOf(body, false);
        const text = body.trim().replace(/\s+/g, ' ');
        expect(graphemeCount(preview)).toBeLessThanOrEqual(140);
        // No unpaired surrogate: the jsonb cast that failed with one (a 500) takes it.
        expect(hasUnstorableCharacters(preview.replaceAll('\u0000', ''))).toBe(false);
        expect(text.startsWith(preview.replace(/…$/, ''))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
