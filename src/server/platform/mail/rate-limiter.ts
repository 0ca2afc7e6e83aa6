import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A token bucket: `perSecond` tokens a second on average, at most a tenth of a second's worth
 * at once (so a pause is not followed by a burst the provider would refuse).
 */
export class RateLimiter {
  private tokens: number;
  private last: number;
  private readonly burst: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.burst = Math.max(1, Math.ceil(perSecond / 10));
    this.tokens = this.burst;
    this.last = this.now();
  }

  /** Resolves when a token is free and takes it. */
  async take(): Promise<void> {
    for (;;) {
      const now = this.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) * this.perSecond) / 1000);
      this.last = now;
      if (this.tokens >= 1) {
        this.tokens -= 1;
        return;
      }
      await sleep(Math.max(1, ((1 - this.tokens) * 1000) / this.perSecond));
    }
  }
}
