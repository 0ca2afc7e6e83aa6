import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteLexeme, toPrefixTsquery, toTermTsquery, toTsquery } from './search-query';

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

describe('toTermTsquery', () => {
  it('quotes exact lexemes, ORs a group, ANDs the groups, with weights and prefixes', () => {
    expect(
      toTermTsquery(
        [
          [{ lexemes: ['jaz'] }, { lexemes: ['jazz'] }],
          [{ lexemes: ['festiv'], prefix: true }, { word: 'café' }],
        ],
        'A',
      ),
    ).toEqual([
      { lexemes: "'jaz':A | 'jazz':A", words: null },
      { lexemes: "'festiv':*A", words: 'café:A' },
    ]);
    expect(toTermTsquery([[{ lexemes: ['run'], prefix: true }]])).toEqual([
      { lexemes: "'run':*", words: null },
    ]);
  });

  it('leaves out groups without terms, like stop words', () => {
    expect(toTermTsquery([[], [{ lexemes: ['jazz'] }]])).toEqual([
      { lexemes: "'jazz'", words: null },
    ]);
    expect(toTermTsquery([[], [{ lexemes: [] }]])).toBeNull();
  });

  it('escapes quotes and backslashes in lexemes', () => {
    expect(quoteLexeme("o'neil\\x")).toBe("'o''neil\\\\x'");
  });
});
