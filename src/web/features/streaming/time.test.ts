import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDuration } from './time';

describe('stream countdown and duration', () => {
  it('counts down in minutes, hours and days', () => {
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(93_784_000)).toBe('1 d 02:03:04');
    expect(formatCountdown(-5)).toBe('0:00');
  });
  it('says how long a stream ran', () => {
    expect(formatDuration(20)).toBe('20 s');
    expect(formatDuration(125)).toBe('2 min');
    expect(formatDuration(3725)).toBe('1 h 2 min');
  });
});
