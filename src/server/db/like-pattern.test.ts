import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './like-pattern';

describe('like patterns', () => {
  it.each([
    ['plain', 'okafor', 'okafor'],
    ['percent', '50%', '50\\%'],
    ['underscore', 'a_b', 'a\\_b'],
    ['backslash', 'c:\\dir', 'c:\\\\dir'],
    ['all three', '50%_off\\', '50\\%\\_off\\\\'],
  ])('escapes %s', (_name, input, escaped) => {
    expect(escapeLike(input)).toBe(escaped);
    expect(containsPattern(input)).toBe(`%${escaped}%`);
  });
});
