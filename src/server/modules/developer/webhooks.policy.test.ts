import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nextAttemptAt, shouldDisable, signatureHeader } from './webhooks.policy';

describe('webhook policy', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('backs off exponentially from a minute, capped, over more than 24 hours', () => {
    expect(nextAttemptAt(1, now)?.getTime()).toBe(now.getTime() + 60_000);
    expect(nextAttemptAt(2, now)?.getTime()).toBe(now.getTime() + 120_000);
    expect(nextAttemptAt(3, now)?.getTime()).toBe(now.getTime() + 240_000);
    let total = 0;
    for (let attempt = 1; attempt < 12; attempt += 1)
      total += (nextAttemptAt(attempt, now)?.getTime() ?? 0) - now.getTime();
    expect(total).toBeGreaterThan(24 * 3_600_000);
    expect(nextAttemptAt(12, now)).toBeNull();
  });

  it('turns an endpoint off only after many failures over days', () => {
    const since = new Date(now.getTime() - 3 * 86_400_000);
    expect(shouldDisable({ consecutiveFailures: 20, failingSince: since }, now)).toBe(true);
    expect(shouldDisable({ consecutiveFailures: 19, failingSince: since }, now)).toBe(false);
    expect(
      shouldDisable(
        { consecutiveFailures: 500, failingSince: new Date(now.getTime() - 3_600_000) },
        now,
      ),
    ).toBe(false);
  });

  it('signs "t.body" with HMAC-SHA256 as documented', () => {
    const header = signatureHeader('whsec_x', '{"a":1}', now);
    const t = Math.floor(now.getTime() / 1000);
    const expected = createHmac('sha256', 'whsec_x').update(`${t}.{"a":1}`).digest('hex');
    expect(header).toBe(`t=${t},v1=${expected}`);
  });
});
