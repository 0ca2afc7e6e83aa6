import { describe, expect, it } from 'vitest';
import { streamRefetchMs } from './api';

describe('streamRefetchMs', () => {
  const endedAt = '2026-11-25T20:00:00.000Z';
  const end = Date.parse(endedAt);
  const ended = { status: 'ended' as const, recordingEnabled: true, hasReplay: false, endedAt };

  it('reads a scheduled or live stream every few seconds', () => {
    expect(streamRefetchMs(undefined, end)).toBe(5000);
    expect(streamRefetchMs({ ...ended, status: 'live', endedAt: null }, end)).toBe(5000);
    expect(streamRefetchMs({ ...ended, status: 'scheduled', endedAt: null }, end)).toBe(5000);
  });

  it('after the end, waits briefly for a recording that is still being stored', () => {
    expect(streamRefetchMs(ended, end + 2000)).toBe(1500);
    // Stored: nothing more to wait for.
    expect(streamRefetchMs({ ...ended, hasReplay: true }, end + 2000)).toBe(false);
    // Not recorded, or a minute passed (the plan had no recording): stop asking.
    expect(streamRefetchMs({ ...ended, recordingEnabled: false }, end + 2000)).toBe(false);
    expect(streamRefetchMs(ended, end + 61_000)).toBe(false);
  });
});
