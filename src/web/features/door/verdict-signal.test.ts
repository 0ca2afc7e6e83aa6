import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoorTicket } from '../../../contracts/door';
import { signal } from './verdict-screen';

// The verdict is heard and felt, so the door staff need not look: the browser's vibration and
// audio (absent in the test DOM) are stood in for, to record what the app asks of them.

const ticket: DoorTicket = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  v: 0,
  h: 'h',
  n: 'Ada Obi',
  t: 0,
  s: 'checked_in',
  at: '2027-06-05T19:42:00.000Z',
  g: 'Gate B',
};

function listen() {
  const buzzes: unknown[] = [];
  const tones: number[] = [];
  Object.defineProperty(navigator, 'vibrate', {
    configurable: true,
    value: (pattern: unknown) => buzzes.push(pattern) > 0,
  });
  class Audio {
    state = 'running';
    currentTime = 0;
    destination = {};
    createGain() {
      return { gain: { value: 0 }, connect: () => undefined, disconnect: () => undefined };
    }
    createOscillator() {
      const oscillator = {
        frequency: { value: 0 },
        onended: null,
        connect: <T>(next: T) => next,
        start: () => tones.push(oscillator.frequency.value),
        stop: () => undefined,
      };
      return oscillator;
    }
  }
  vi.stubGlobal('AudioContext', Audio);
  return { buzzes, tones };
}

describe('the verdict heard and felt', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('buzzes once on a high tone to admit, twice on lower ones for "already" and a refusal', () => {
    const { buzzes, tones } = listen();
    signal({ kind: 'admitted', ticket });
    signal({ kind: 'already', ticket, at: ticket.at, gate: ticket.g });
    signal({ kind: 'revoked', ticket, reason: 'refunded' });
    signal({ kind: 'wrong_event' });
    expect(buzzes).toEqual([80, [120, 60, 120], [120, 60, 120], [120, 60, 120]]);
    expect(tones).toEqual([880, 440, 220, 220]);
  });
});
