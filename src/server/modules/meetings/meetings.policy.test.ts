import { describe, expect, it } from 'vitest';
import { canJoinAs } from './meetings.policy';

describe('who gets into a meeting', () => {
  it('an ended room takes nobody, the host included', () => {
    expect(canJoinAs({ isHost: true, ended: true, status: 'admitted' })).toBe('ended');
    expect(canJoinAs({ isHost: false, ended: true, status: null })).toBe('ended');
  });
  it('removed and denied people stay out; the waiting keep waiting; a first visit knocks', () => {
    expect(canJoinAs({ isHost: false, ended: false, status: 'removed' })).toBe('removed');
    expect(canJoinAs({ isHost: false, ended: false, status: 'denied' })).toBe('denied');
    expect(canJoinAs({ isHost: false, ended: false, status: 'waiting' })).toBe('waiting');
    expect(canJoinAs({ isHost: false, ended: false, status: null })).toBe('knock');
    expect(canJoinAs({ isHost: false, ended: false, status: 'admitted' })).toBe('in');
    expect(canJoinAs({ isHost: true, ended: false, status: null })).toBe('in');
  });
});
