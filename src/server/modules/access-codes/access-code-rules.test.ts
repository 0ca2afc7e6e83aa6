import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_MESSAGES } from '../../../contracts/access-codes';
import {
  CODE_ALPHABET,
  codeState,
  generatedCode,
  normalizeCode,
  randomCodePart,
  refusalOf,
  typesNeedingCode,
  type CodeFacts,
} from './access-code-rules';

const now = new Date('2026-12-03T12:00:00Z');
const active: CodeFacts = { isActive: true, validUntil: null, usageLimit: null, usedCount: 0 };

describe('access code rules: where a code stands', () => {
  it.each<[string, Partial<CodeFacts>, string, string | null]>([
    ['no limits', {}, 'active', null],
    ['unlimited with many uses', { usedCount: 500 }, 'active', null],
    ['one use left', { usageLimit: 2, usedCount: 1 }, 'active', null],
    ['single use, used', { usageLimit: 1, usedCount: 1 }, 'used_up', ACCESS_CODE_MESSAGES.usedUp],
    ['over its limit', { usageLimit: 1, usedCount: 3 }, 'used_up', ACCESS_CODE_MESSAGES.usedUp],
    ['expires in a minute', { validUntil: new Date(now.getTime() + 60_000) }, 'active', null],
    ['expires this instant', { validUntil: now }, 'expired', ACCESS_CODE_MESSAGES.expired],
    [
      'expired yesterday',
      { validUntil: new Date(now.getTime() - 86_400_000) },
      'expired',
      ACCESS_CODE_MESSAGES.expired,
    ],
    ['turned off', { isActive: false }, 'inactive', ACCESS_CODE_MESSAGES.invalid],
    [
      'turned off beats expired and used up',
      { isActive: false, validUntil: now, usageLimit: 1, usedCount: 1 },
      'inactive',
      ACCESS_CODE_MESSAGES.invalid,
    ],
    [
      'expired beats used up',
      { validUntil: now, usageLimit: 1, usedCount: 1 },
      'expired',
      ACCESS_CODE_MESSAGES.expired,
    ],
  ])('%s', (_name, facts, state, refusal) => {
    const s = codeState({ ...active, ...facts }, now);
    expect(s).toBe(state);
    expect(refusalOf(s)).toBe(refusal);
  });
});

describe('access code rules: which lines need the code', () => {
  const types = [
    { id: 'public', isHidden: false, unlockCode: null },
    { id: 'crew', isHidden: true, unlockCode: 'CREW' },
    { id: 'sponsor', isHidden: true, unlockCode: null },
  ];
  it.each<[string, string | null, string[]]>([
    ['no code typed', null, ['crew', 'sponsor']],
    ["the crew type's own unlock code", 'crew', ['sponsor']],
    ['an access code', 'SPONSOR-ABCD', ['crew', 'sponsor']],
  ])('%s', (_name, typed, expected) => {
    const needing = typesNeedingCode(types, (t) =>
      Boolean(typed && t.unlockCode && normalizeCode(typed) === t.unlockCode),
    );
    expect(needing.map((t) => t.id)).toEqual(expected);
  });
});

describe('access code rules: generated codes', () => {
  it('joins the prefix in capitals and the random part', () => {
    expect(generatedCode(' sponsor ', 'ABCD2345')).toBe('SPONSOR-ABCD2345');
  });

  it('draws each character from the unambiguous alphabet', () => {
    const part = randomCodePart();
    expect(part).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    // The source decides every character: the first and last letters of the alphabet.
    expect(randomCodePart(3, () => 0)).toBe('AAA');
    expect(randomCodePart(2, (max) => max - 1)).toBe('99');
  });

  it('gives different codes each time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => randomCodePart()));
    expect(codes.size).toBe(1000);
  });

  it('matches codes without regard to case or spaces', () => {
    expect(normalizeCode('  sponsor-ab12 ')).toBe('SPONSOR-AB12');
  });
});
