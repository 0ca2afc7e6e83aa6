import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_FETCH_THROTTLE_MS } from '../../../contracts/limits';
import { throttle } from './throttle';

const WINDOW = NOTIFICATION_FETCH_THROTTLE_MS;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('throttle (spec §9 notification fetch throttle)', () => {
  it('runs the first call at once and folds calls inside the window into one at its end', () => {
    const fn = vi.fn();
    const refresh = throttle(fn, WINDOW);
    refresh();
    expect(fn).toHaveBeenCalledTimes(1);
    refresh();
    refresh();
    refresh();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(WINDOW - 1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(WINDOW * 5);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('never runs twice within the window, however the calls are spread', () => {
    const runs: number[] = [];
    const refresh = throttle(() => runs.push(Date.now()), WINDOW);
    for (let t = 0; t < WINDOW * 10; t += 150) {
      refresh();
      vi.advanceTimersByTime(150);
    }
    vi.advanceTimersByTime(WINDOW);
    for (let i = 1; i < runs.length; i++) {
      expect((runs[i] ?? 0) - (runs[i - 1] ?? 0)).toBeGreaterThanOrEqual(WINDOW);
    }
    expect(runs.length).toBeGreaterThanOrEqual(10);
  });

  it('with startAt, waits out the window that began then', () => {
    const fn = vi.fn();
    const refresh = throttle(fn, WINDOW, { startAt: Date.now() });
    vi.advanceTimersByTime(500);
    refresh();
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(WINDOW - 500);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancel drops the waiting call', () => {
    const fn = vi.fn();
    const refresh = throttle(fn, WINDOW);
    refresh();
    refresh();
    refresh.cancel();
    vi.advanceTimersByTime(WINDOW * 2);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
