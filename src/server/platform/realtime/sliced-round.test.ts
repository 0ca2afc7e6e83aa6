import { describe, expect, it } from 'vitest';
import { SlicedRound } from './sliced-round';

describe('SlicedRound', () => {
  it('hands out every item exactly once per round, a slice per tick', () => {
    const round = new SlicedRound<number>(4);
    for (let i = 0; i < 10; i++) round.add(i);
    const ticks = Array.from({ length: 4 }, () => round.tick());
    expect(ticks.map((t) => t.length)).toEqual([3, 3, 2, 2]);
    expect(ticks.flat().sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    // The next round hands out the same slices again, in the same order.
    expect(round.tick()).toEqual(ticks[0]);
  });

  it('forgets deleted items, also while a tick is gone through', () => {
    const round = new SlicedRound<string>(2);
    ['a', 'b', 'c'].forEach((item) => round.add(item));
    const due = round.tick();
    for (const item of due) round.delete(item);
    expect(due).toEqual(['a', 'c']);
    expect([...round.all()]).toEqual(['b']);
    expect(round.size).toBe(1);
    expect(round.tick()).toEqual(['b']);
    expect(round.tick()).toEqual([]);
  });

  it('adds an item once', () => {
    const round = new SlicedRound<string>(2);
    round.add('a');
    round.add('a');
    expect([round.tick(), round.tick()]).toEqual([['a'], []]);
  });
});
