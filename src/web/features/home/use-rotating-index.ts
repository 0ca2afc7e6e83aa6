import { useEffect, useState } from 'react';

export interface RotationState {
  index: number;
  /** False during the fade-out before the next item shows. */
  isVisible: boolean;
}

/**
 * Cycles through `count` items: every `intervalMs` the current one fades out for `fadeMs`, then
 * the next one fades in (spec §9: headline every 3 s with a 300 ms fade).
 */
export function useRotatingIndex(
  count: number,
  { intervalMs, fadeMs, isPaused }: { intervalMs: number; fadeMs: number; isPaused: boolean },
): RotationState {
  const [state, setState] = useState<RotationState>({ index: 0, isVisible: true });

  useEffect(() => {
    if (isPaused || count < 2) return;
    let fade: ReturnType<typeof setTimeout> | undefined;
    const tick = setInterval(() => {
      setState((s) => ({ ...s, isVisible: false }));
      fade = setTimeout(
        () => setState((s) => ({ index: (s.index + 1) % count, isVisible: true })),
        fadeMs,
      );
    }, intervalMs);
    return () => {
      clearInterval(tick);
      clearTimeout(fade);
      // A pause in mid-fade must not leave the headline invisible.
      setState((s) => (s.isVisible ? s : { ...s, isVisible: true }));
    };
  }, [count, intervalMs, fadeMs, isPaused]);

  return state;
}
