import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEADLINE_FADE_MS, HEADLINE_ROTATE_MS } from '../../../contracts/limits';
import { useRotatingIndex } from './use-rotating-index';

const options = { intervalMs: HEADLINE_ROTATE_MS, fadeMs: HEADLINE_FADE_MS };

describe('useRotatingIndex (spec §9: every 3 s, 300 ms fade)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fades out at 3 s, shows the next item 300 ms later, and wraps around', () => {
    const { result } = renderHook(() => useRotatingIndex(2, { ...options, isPaused: false }));
    expect(result.current).toEqual({ index: 0, isVisible: true });

    act(() => vi.advanceTimersByTime(2999));
    expect(result.current).toEqual({ index: 0, isVisible: true });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ index: 0, isVisible: false });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.index).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ index: 1, isVisible: true });

    act(() => vi.advanceTimersByTime(3300));
    expect(result.current).toEqual({ index: 0, isVisible: true });
  });

  it('stays put while paused, and a pause mid-fade leaves the item visible', () => {
    const { result, rerender } = renderHook(
      ({ isPaused }) => useRotatingIndex(3, { ...options, isPaused }),
      { initialProps: { isPaused: false } },
    );
    act(() => vi.advanceTimersByTime(3100));
    expect(result.current.isVisible).toBe(false);
    rerender({ isPaused: true });
    expect(result.current).toEqual({ index: 0, isVisible: true });
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current).toEqual({ index: 0, isVisible: true });
  });
});
