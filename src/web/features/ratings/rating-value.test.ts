import { describe, expect, it } from 'vitest';
import { nextRating } from './rating-value';

describe('nextRating (spec §5: typed values outside 1-10 ignored, empty resets)', () => {
  it('accepts whole numbers from 1 to 10', () => {
    expect(nextRating('1', null)).toBe(1);
    expect(nextRating(' 10 ', 3)).toBe(10);
  });

  it('keeps the previous choice for anything else', () => {
    for (const typed of ['0', '11', '-1', '5.5', 'abc', '1e1']) {
      expect(nextRating(typed, 4)).toBe(4);
      expect(nextRating(typed, null)).toBeNull();
    }
  });

  it('resets to none on empty input', () => {
    expect(nextRating('', 7)).toBeNull();
    expect(nextRating('   ', 7)).toBeNull();
  });
});
