import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemeCount, hasUnstorableCharacters } from '../../contracts/text';
import { unicodeText } from '../../contracts/text.arbitraries';
import { initials } from './initials';

describe('initials', () => {
  it('takes whole user-perceived characters (emoji, accents, ZWJ sequences)', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('🎉 Party People')).toBe('🎉P');
    expect(initials('👩‍👩‍👧‍👦 Family')).toBe('👩‍👩‍👧‍👦F');
    expect(initials('e\u0301mile zola')).toBe('E\u0301Z');
    expect(initials('   ')).toBe('?');
  });

  it('never splits a character, whatever the name', () => {
    fc.assert(
      fc.property(unicodeText(), (name) => {
        const result = initials(name);
        expect(hasUnstorableCharacters(result.replaceAll('\u0000', ''))).toBe(false);
        expect(graphemeCount(result)).toBeLessThanOrEqual(2 * 3); // upper-casing may expand (ß → SS)
      }),
      { numRuns: 300 },
    );
  });
});
