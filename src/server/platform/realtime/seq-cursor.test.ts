import { describe, expect, it } from 'vitest';
import { SeqCursor } from './seq-cursor';

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
});
