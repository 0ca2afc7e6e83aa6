import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_SOUND } from '../../../contracts/limits';

afterEach(() => vi.unstubAllGlobals());

describe('playNotificationSound (spec §9)', () => {
  it('plays 800 Hz then 600 Hz at volume 0.6 for 0.3 s', async () => {
    const frequency = { setValueAtTime: vi.fn() };
    const gain = { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
    const oscillator = { type: '', frequency, connect: vi.fn(), start: vi.fn(), stop: vi.fn() };
    class FakeAudioContext {
      state = 'running';
      currentTime = 2;
      destination = {};
      createOscillator = () => oscillator;
      createGain = () => ({ gain, connect: vi.fn() });
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const { playNotificationSound } = await import('./sound');
    playNotificationSound();
    const { firstHz, secondHz, volume, seconds } = NOTIFICATION_SOUND;
    expect([firstHz, secondHz, volume, seconds]).toEqual([800, 600, 0.6, 0.3]);
    expect(frequency.setValueAtTime.mock.calls).toEqual([
      [800, 2],
      [600, 2 + 0.15],
    ]);
    expect(gain.setValueAtTime).toHaveBeenCalledWith(0.6, 2);
    expect(oscillator.start).toHaveBeenCalledWith(2);
    expect(oscillator.stop).toHaveBeenCalledWith(2.3);
  });
});
