import { describe, expect, it } from 'vitest';
import { SendLimiter } from './send-limiter';

describe('SendLimiter', () => {
  it('lets a burst of max through, then refuses until tokens refill', () => {
    const limiter = new SendLimiter(3, 3000);
    expect([1, 2, 3].map(() => limiter.take('ana', 0))).toEqual([true, true, true]);
    expect(limiter.take('ana', 0)).toBe(false);
    expect(limiter.take('ana', 999)).toBe(false);
    expect(limiter.take('ana', 1000)).toBe(true);
    expect(limiter.take('ana', 1000)).toBe(false);
  });

  it('keeps one bucket per person', () => {
    const limiter = new SendLimiter(1, 1000);
    expect(limiter.take('ana', 0)).toBe(true);
    expect(limiter.take('ben', 0)).toBe(true);
    expect(limiter.take('ana', 0)).toBe(false);
  });

  it('says how long until the next token (the 429 Retry-After)', () => {
    const limiter = new SendLimiter(2, 1000);
    expect(limiter.retryAfterMs('ana', 0)).toBe(0);
    limiter.take('ana', 0);
    limiter.take('ana', 0);
    expect(limiter.retryAfterMs('ana', 0)).toBe(500);
    expect(limiter.retryAfterMs('ana', 400)).toBe(100);
    expect(limiter.retryAfterMs('ana', 500)).toBe(0);
  });

  it('never holds more than max tokens after a long pause', () => {
    const limiter = new SendLimiter(2, 1000);
    limiter.take('ana', 0);
    const later = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('ana', later))).toEqual([true, true, false]);
  });

  it('forgets full buckets when over capacity, keeping the limited ones', () => {
    const limiter = new SendLimiter(1, 1000, 2);
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('c', 5000); // a and b are full again by now and are forgotten
    expect(limiter.take('c', 5000)).toBe(false);
    expect(limiter.take('a', 5000)).toBe(true);
  });
});
