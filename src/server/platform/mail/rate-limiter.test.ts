import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('lets a tenth of a second through at once, then holds the rate', async () => {
    const limiter = new RateLimiter(200);
    const started = performance.now();
    // 20 at once (the burst), then 80 more at 200 a second: about 400 ms.
    await Promise.all(Array.from({ length: 100 }, () => limiter.take()));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(380);
    expect(elapsed).toBeLessThan(1500);
  });

  it('does not save up a pause for a burst larger than a tenth of a second', async () => {
    let now = 0;
    let looks = 0;
    const limiter = new RateLimiter(100, () => {
      looks += 1;
      return now;
    });
    now = 60_000; // a minute idle
    let taken = 0;
    for (let i = 0; i < 10; i++) await limiter.take().then(() => taken++);
    expect(taken).toBe(10);
    // The eleventh waits for a refill, which only the clock can give.
    let eleventh = false;
    void limiter.take().then(() => (eleventh = true));
    // It looked at the clock again after its pause, twice, and still holds on.
    const before = looks;
    await expect.poll(() => looks).toBeGreaterThanOrEqual(before + 2);
    expect(eleventh).toBe(false);
    now += 10; // 10 ms: one token at 100 a second
    await expect.poll(() => eleventh).toBe(true);
  });
});
