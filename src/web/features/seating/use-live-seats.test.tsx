import { describe, expect, it } from 'vitest';
import type { EventSeating } from '../../../contracts/seating';
import { applySeatChanges } from './use-live-seats';

const seating = { held: ['A-1', 'A-2'], sold: ['B-1'] } as EventSeating;

describe('applySeatChanges', () => {
  it('moves each named seat to its new state and leaves the others', () => {
    const next = applySeatChanges(seating, { 'A-1': 'sold', 'B-1': 'free', 'C-3': 'held' });
    expect([...next.held].sort()).toEqual(['A-2', 'C-3']);
    expect(next.sold).toEqual(['A-1']);
    expect(seating.held).toEqual(['A-1', 'A-2']);
  });

  it('is the same seating again for a change it already shows', () => {
    const next = applySeatChanges(seating, { 'A-2': 'held', 'B-1': 'sold' });
    expect(new Set(next.held)).toEqual(new Set(seating.held));
    expect(next.sold).toEqual(seating.sold);
  });
});
