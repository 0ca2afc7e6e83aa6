import { describe, expect, it } from 'vitest';
import { formatUptime } from './system-health-page';

describe('formatUptime', () => {
  it('shows the units a person reads', () => {
    expect(formatUptime(0)).toBe('0s');
    expect(formatUptime(59.9)).toBe('59s');
    expect(formatUptime(3600)).toBe('1h 0m 0s');
    expect(formatUptime(93_784)).toBe('1d 2h 3m 4s');
  });

  it("abbreviates the units as the page's language does", () => {
    expect(formatUptime(93_784, 'es-ES')).toBe('1d 2h 3min 4s');
    expect(formatUptime(3_784, 'fr-FR')).toBe('1h 3min 4s');
  });
});
