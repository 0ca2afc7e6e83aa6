import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares one running call among concurrent callers, then runs afresh', async () => {
    let runs = 0;
    let release: (value: number) => void = () => {};
    const shared = singleFlight(() => {
      runs += 1;
      return new Promise<number>((resolve) => (release = resolve));
    });
    const a = shared();
    const b = shared();
    release(42);
    expect(await Promise.all([a, b])).toEqual([42, 42]);
    expect(runs).toBe(1);
    const c = shared();
    release(7);
    expect(await c).toBe(7);
    expect(runs).toBe(2);
  });

  it('lets the next caller retry after a failure', async () => {
    let fail = true;
    const shared = singleFlight(async () => {
      if (fail) throw new Error('down');
      return 'up';
    });
    await expect(shared()).rejects.toThrow('down');
    fail = false;
    expect(await shared()).toBe('up');
  });
});
