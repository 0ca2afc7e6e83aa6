import { describe, expect, it } from 'vitest';
import { ticketsLeft } from './funnel-stock';

describe('ticketsLeft', () => {
  it.each([
    [
      'no pools: the types added up',
      [
        ['a', 10],
        ['b', 5],
      ],
      [],
      15,
    ],
    ['a pool smaller than its type', [['a', 10]], [['a', 4]], 4],
    [
      'two types sharing one pool count together',
      [
        ['a', 100],
        ['b', 300],
      ],
      [
        ['a', 250],
        ['b', 250],
      ],
      250,
    ],
    [
      'a type smaller than the pool it shares',
      [
        ['a', 20],
        ['b', 300],
      ],
      [
        ['a', 250],
        ['b', 250],
      ],
      250,
    ],
    [
      'pooled and free types',
      [
        ['a', 10],
        ['b', 7],
      ],
      [['a', 3]],
      10,
    ],
    [
      'a sold-out pool',
      [
        ['a', 10],
        ['b', 7],
      ],
      [
        ['a', 0],
        ['b', 0],
      ],
      0,
    ],
  ] as const)('%s', (_, types, limits, left) => {
    expect(
      ticketsLeft(
        types.map(([id, remaining]) => ({ id, remaining })),
        new Map(limits),
      ),
    ).toBe(left);
  });
});
