/**
 * Per-person send limit: a bucket of `max` tokens refilled evenly over `windowMs`, so a burst of
 * `max` goes through and a steady sender is held to max/window. In-process, the first gate: it
 * refuses without a database round trip; the limit shared by every process is counted in the
 * send statement (messaging.queries.ts sendMessages).
 */
export class SendLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    /** Buckets kept at most; full ones are forgotten first (a full bucket is the default). */
    private readonly capacity = 100_000,
  ) {}

  /** The limit, for the count shared by every process (taken in the send statement). */
  get limit(): { max: number; windowMs: number } {
    return { max: this.max, windowMs: this.windowMs };
  }

  /** Takes one token for this person; false when they have none left. */
  take(key: string, now: number): boolean {
    const refillPerMs = this.max / this.windowMs;
    const bucket = this.buckets.get(key);
    const tokens = bucket
      ? Math.min(this.max, bucket.tokens + (now - bucket.at) * refillPerMs)
      : this.max;
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return false;
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    if (this.buckets.size > this.capacity) this.forgetFull(now);
    return true;
  }

  /** How long until this person has a token again (0 when they have one now). */
  retryAfterMs(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(
      this.max,
      bucket.tokens + (now - bucket.at) * (this.max / this.windowMs),
    );
    return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / (this.max / this.windowMs));
  }

  private forgetFull(now: number): void {
    const refillPerMs = this.max / this.windowMs;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * refillPerMs >= this.max) this.buckets.delete(key);
    }
  }
}
