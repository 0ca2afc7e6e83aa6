import { describe, expect, it } from 'vitest';
import { SeqCursor, TakenSeqs } from './seq-cursor';

describe('SeqCursor', () => {
  it('takes rows beyond the cursor and ignores those already taken', () => {
    const cursor = new SeqCursor(10);
    expect(cursor.accept([11, 12], 0)).toEqual([11, 12]);
    expect(cursor.accept([12], 0)).toEqual([]);
    expect(cursor.position).toBe(12);
  });

  it('remembers numbers skipped over and takes them once when they commit late', () => {
    const cursor = new SeqCursor(0);
    cursor.accept([1, 4], 0);
    expect(cursor.pendingGaps(0)).toEqual([2, 3]);
    expect(cursor.accept([3], 10)).toEqual([3]);
    expect(cursor.accept([3], 20)).toEqual([]);
    expect(cursor.pendingGaps(20)).toEqual([2]);
  });

  it('gives up on a gap after the timeout (a rollback never fills it)', () => {
    const cursor = new SeqCursor(0, { gapTimeoutMs: 100, maxGaps: 10 });
    cursor.accept([3], 0);
    expect(cursor.pendingGaps(100)).toEqual([1, 2]);
    expect(cursor.pendingGaps(101)).toEqual([]);
    expect(cursor.accept([2], 102)).toEqual([]);
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
    const taken = new TakenSeqs();
    const cursor = new SeqCursor(0, { gapTimeoutMs: 100, maxGaps: 10 }, taken);
    taken.add(2);
    cursor.accept([5], 0);
    expect(cursor.pendingGaps(0)).toEqual([1, 3, 4]);
    // Read by the other source after this one skipped it: dropped from the gaps then.
    taken.add(3);
    expect(cursor.pendingGaps(1)).toEqual([1, 4]);
    // A late commit of its own still arrives once.
    expect(cursor.accept([4], 2)).toEqual([4]);
    expect(cursor.pendingGaps(2)).toEqual([1]);
  });
});

describe('TakenSeqs', () => {
  it('holds the numbers added, within its window of the newest', () => {
    const taken = new TakenSeqs(128);
    for (const seq of [5_000_000, 5_000_001, 5_000_031, 5_000_032, 5_000_090]) taken.add(seq);
    taken.add(5_000_001);
    expect(
      [4_999_999, 5_000_000, 5_000_001, 5_000_002, 5_000_031, 5_000_032, 5_000_090].map((seq) =>
        taken.has(seq),
      ),
    ).toEqual([false, true, true, false, true, true, true]);
    expect(taken.size).toBe(5);
  });

  it('forgets the oldest numbers as newer ones move the window up', () => {
    const taken = new TakenSeqs(128);
    for (let seq = 0; seq < 128; seq++) taken.add(seq);
    expect([taken.size, taken.has(0), taken.has(127)]).toEqual([128, true, true]);
    // 150 is past the window [0, 128): it moves up to [96, 224), 150 in its newer half.
    taken.add(150);
    expect([95, 96, 127, 149, 150].map((seq) => taken.has(seq))).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
    expect(taken.size).toBe(33);
    // Far past it: everything before is forgotten; a number below the window is ignored.
    taken.add(10_000);
    taken.add(5);
    expect([taken.has(150), taken.has(5), taken.has(10_000), taken.size]).toEqual([
      false,
      false,
      true,
      1,
    ]);
  });
});
