export interface Throttled {
  (): void;
  /** Drops a waiting trailing call (on unmount). */
  cancel(): void;
}

/**
 * Runs `fn` at most once per `ms`: a call inside the window is not lost but runs once at its
 * end (leading and trailing edges). spec §9 "notification fetch throttle: 2 seconds".
 * `startAt` opens the first window at that time, for a caller whose data was just fetched.
 */
export function throttle(
  fn: () => void,
  ms: number,
  { startAt, now = Date.now }: { startAt?: number; now?: () => number } = {},
): Throttled {
  let lastRun = startAt ?? -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    lastRun = now();
    fn();
  };
  const throttled = () => {
    if (timer !== undefined) return;
    const wait = lastRun + ms - now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
