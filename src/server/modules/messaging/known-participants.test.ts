import { describe, expect, it } from 'vitest';
import { KnownParticipants } from './known-participants';

describe('KnownParticipants', () => {
  it('remembers a participant for its time to live, per chat and person', () => {
    const known = new KnownParticipants(100);
    known.add('chat', 'ada', 0);
    expect(known.has('chat', 'ada', 99)).toBe(true);
    expect(known.has('chat', 'bob', 0)).toBe(false);
    expect(known.has('other', 'ada', 0)).toBe(false);
    expect(known.has('chat', 'ada', 100)).toBe(false);
    // Expired entries are gone, not revived by an earlier clock.
    expect(known.has('chat', 'ada', 50)).toBe(false);
  });

  it('forgets the longest known first when full, and on request', () => {
    const known = new KnownParticipants(1000, 2);
    known.add('a', 'u', 0);
    known.add('b', 'u', 0);
    known.add('a', 'u', 1); // learned again: now the newest
    known.add('c', 'u', 2);
    expect(['a', 'b', 'c'].map((chat) => known.has(chat, 'u', 3))).toEqual([true, false, true]);
    known.forget('a', 'u');
    expect(known.has('a', 'u', 3)).toBe(false);
  });

  it('remembers nothing with a time to live of 0', () => {
    const known = new KnownParticipants(0);
    known.add('chat', 'ada', 0);
    expect(known.has('chat', 'ada', 0)).toBe(false);
  });
});
