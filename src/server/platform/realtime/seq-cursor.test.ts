import { describe, expect, it } from 'vitest';
import { SeqCursor, TakenSeqs } from './seq-cursor';

describe('SeqCursor', () => {
  it('takes rows beyond the cursor and ignores those already taken', () => {
    const cursor = new SeqCursor(10);
    expect([...cursor.accept([11, 12], 0)]).toEqual([11, 12]);
    expect([...cursor.accept([12], 0)]).toEqual([]);
    expect(cursor.position).toBe(12);
  });

  it('remembers numbers skipped over and takes them once when they commit late', () => {
    const cursor = new SeqCursor(0);
    cursor.accept([1, 4], 0);
    expect(cursor.pendingGaps(0)).toEqual([2, 3]);
    expect([...cursor.accept([3], 10)]).toEqual([3]);
    expect([...cursor.accept([3], 20)]).toEqual([]);
    expect(cursor.pendingGaps(20)).toEqual([2]);
  });

  it('gives up on a gap after the timeout (a rollback never fills it)', () => {
    const cursor = new SeqCursor(0, { gapTimeoutMs: 100, maxGaps: 10 });
    cursor.accept([3], 0);
    expect(cursor.pendingGaps(100)).toEqual([1, 2]);
    expect(cursor.pendingGaps(101)).toEqual([]);
    expect([...cursor.accept([2], 102)]).toEqual([]);
  });

  it('keeps at most maxGaps', () => {
    const cursor = new SeqCursor(0, { gapTimeoutMs: 100, maxGaps: 3 });
    cursor.accept([1000], 0);
    expect(cursor.pendingGaps(0)).toEqual([1, 2, 3]);
    expect(cursor.position).toBe(1000);
  });

  it('reset moves forward only and forgets gaps', () => {
    const cursor = new SeqCursor(5);
    cursor.accept([8], 0);
    cursor.reset(3);
    expect(cursor.position).toBe(8);
    expect(cursor.pendingGaps(0)).toEqual([]);
    cursor.reset(20);
    expect(cursor.position).toBe(20);
  });

  it('does not ask for numbers another source has read (one shared sequence)', () => {
    const taken = new TakenSeqs(100);
    const cursor = new SeqCursor(0, { gapTimeoutMs: 100, maxGaps: 10 }, taken);
    taken.add(2, 0);
    cursor.accept([5], 0);
    expect(cursor.pendingGaps(0)).toEqual([1, 3, 4]);
    // Read by the other source after this one skipped it: dropped from the gaps then.
    taken.add(3, 1);
    expect(cursor.pendingGaps(1)).toEqual([1, 4]);
    // A late commit of its own still arrives once.
    expect([...cursor.accept([4], 2)]).toEqual([4]);
    expect(cursor.pendingGaps(2)).toEqual([1]);
  });
});

describe('TakenSeqs', () => {
  it('forgets numbers read longer ago than it keeps them', () => {
    const taken = new TakenSeqs(100);
    taken.add(1, 0);
    taken.add(2, 50);
    taken.prune(100);
    expect([taken.has(1), taken.has(2)]).toEqual([true, true]);
    taken.prune(101);
    expect([taken.has(1), taken.has(2)]).toEqual([false, true]);
    expect(taken.size).toBe(1);
  });
});
