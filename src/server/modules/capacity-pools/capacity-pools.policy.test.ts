import { describe, expect, it } from 'vitest';
import {
  effectiveRemaining,
  poolFigures,
  poolRemaining,
  usedByTypes,
} from './capacity-pools.policy';

describe('capacity pool rules', () => {
  it('a pool has its capacity less what its types sold or hold, and refuses less than that', () => {
    expect(poolRemaining(300, 120)).toBe(180);
    expect(poolRemaining(120, 120)).toBe(0);
    expect(poolRemaining(119, 120)).toBeNull();
  });

  it('counts each type once however often it is named', () => {
    expect(
      usedByTypes([
        { id: 'a', used: 3 },
        { id: 'b', used: 4 },
        { id: 'a', used: 3 },
      ]),
    ).toBe(7);
    expect(usedByTypes([])).toBe(0);
  });

  it('splits what is used into sold and held', () => {
    expect(poolFigures({ capacity: 10, remaining: 4 }, 2)).toEqual({ sold: 4, held: 2, left: 4 });
    expect(poolFigures({ capacity: 10, remaining: 10 }, 0)).toEqual({ sold: 0, held: 0, left: 10 });
    // Holds counted while a type was outside the pool never make "sold" negative.
    expect(poolFigures({ capacity: 10, remaining: 9 }, 3)).toEqual({ sold: 0, held: 1, left: 9 });
  });

  it('a buyer sees the smaller of the type and every pool it is in', () => {
    expect(effectiveRemaining(40, [])).toBe(40);
    expect(effectiveRemaining(40, [3, 12])).toBe(3);
    expect(effectiveRemaining(2, [30])).toBe(2);
    expect(effectiveRemaining(5, [0])).toBe(0);
  });
});
