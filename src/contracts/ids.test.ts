import { describe, expect, it } from 'vitest';
import { idParams, isUuid } from './ids';

describe('isUuid', () => {
  it.each([
    ['a lowercase uuid', '0b7c7f6e-3f1a-4c2b-9d8e-1a2b3c4d5e6f', true],
    ['an uppercase uuid', '0B7C7F6E-3F1A-4C2B-9D8E-1A2B3C4D5E6F', true],
    ['36 dashes and hex in the wrong places', '0b7c7f6e3f1a-4c2b-9d8e-1a2b3c4d5e6f-', false],
    ['36 dashes', '-'.repeat(36), false],
    ['a slug', 'my-first-post', false],
    ['empty', '', false],
  ])('%s: %s', (_what, value, expected) => {
    expect(isUuid(value)).toBe(expected);
  });
});

describe('idParams', () => {
  it('answers a malformed id with the given text', () => {
    const parsed = idParams('Event not found').safeParse({ id: 'nope' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Event not found');
    expect(idParams().safeParse({ id: '0b7c7f6e-3f1a-4c2b-9d8e-1a2b3c4d5e6f' }).success).toBe(true);
  });
});
