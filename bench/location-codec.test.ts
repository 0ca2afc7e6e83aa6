import { describe, expect, it } from 'vitest';
import { decodeSentAt, encodeSentAt } from './location-codec';

describe('the live location bench clock', () => {
  it('carries a send time through a latitude, also across the window edge', () => {
    for (const sentAt of [1_764_000_000_123, 1_764_009_999_990, 1_764_010_000_004]) {
      const lat = encodeSentAt(sentAt);
      expect(lat).toBeGreaterThanOrEqual(37);
      expect(lat).toBeLessThan(37.01);
      // Received 0 ms, 80 ms and 3 s later: the same send time comes back.
      for (const delay of [0, 80, 3000]) expect(decodeSentAt(lat, sentAt + delay)).toBe(sentAt);
    }
  });
});
