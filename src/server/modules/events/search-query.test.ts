import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPrefixTsquery, toTsquery } from './search-query';

describe('toPrefixTsquery', () => {
  it('requires every word and treats the last as a prefix', () => {
    expect(toPrefixTsquery('Jazz  Fest')).toBe('jazz & fest:*');
    expect(toPrefixTsquery('café')).toBe('café:*');
  });

  it('restricts every word to the given weights', () => {
    expect(toPrefixTsquery('jazz fest', 'A')).toBe('jazz:A & fest:*A');
    expect(toPrefixTsquery('jazz', 'AB')).toBe('jazz:*AB');
  });

  it('drops operators and punctuation from the input', () => {
    expect(toPrefixTsquery("dj & mc | !x (y) 'z':*")).toBe('dj & mc & x & y & z:*');
    expect(toPrefixTsquery('  !!! ')).toBeNull();
  });

  it('only ever produces words joined by & with one trailing :*', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const query = toPrefixTsquery(input);
        if (query !== null) expect(query).toMatch(/^([\p{L}\p{N}]+ & )*[\p{L}\p{N}]+:\*$/u);
      }),
    );
  });
});

describe('toTsquery', () => {
  it('accepts any word of a group, the first typed word of the last group as a prefix', () => {
    expect(
      toTsquery([
        ['jaz', 'jazz'],
        ['festivl', 'festival'],
      ]),
    ).toBe('(jaz | jazz) & (festivl:* | festival)');
    expect(toTsquery([['jaz', 'jazz'], ['fest']], 'A')).toBe('(jaz:A | jazz:A) & fest:*A');
    expect(toTsquery([[], ['']])).toBeNull();
  });
});
