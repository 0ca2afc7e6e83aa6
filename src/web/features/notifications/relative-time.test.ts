import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-05-20T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [5, 'just now'],
    [90, '2 minutes ago'],
    [60 * 59, '59 minutes ago'],
    [60 * 60 * 3, '3 hours ago'],
    [60 * 60 * 24, 'yesterday'],
    [60 * 60 * 24 * 3, '3 days ago'],
    [60 * 60 * 24 * 14, '2 weeks ago'],
  ])('%i s ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('gives the date for anything older than four weeks', () => {
    expect(formatRelativeTime('2026-01-02T12:00:00.000Z', NOW)).toBe('Jan 2, 2026');
  });

  it('is empty for a time it cannot read', () => {
    expect(formatRelativeTime('soon', NOW)).toBe('');
  });
});
