import { useEffect, useRef } from 'react';
import { reportView } from './api';

/**
 * Counts a view once at least half of the element has been visible for one second
 * (IntersectionObserver), then reports it in the next batch.
 */
export function useViewBeacon<T extends Element>(token: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (done) return;
        if (entry && entry.intersectionRatio >= 0.5) {
          timer ??= setTimeout(() => {
            done = true;
            reportView(token);
            observer.disconnect();
          }, 1000);
        } else if (timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: [0, 0.5, 1] },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [token]);
  return ref;
}
