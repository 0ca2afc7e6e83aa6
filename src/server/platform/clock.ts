// Time is injected (docs/architecture.md) so tests of windows and expiry need no sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fixedClock(start: Date | string = '2026-11-21T12:00:00Z') {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(to: Date | string) {
      current = new Date(to).getTime();
    },
  };
}
