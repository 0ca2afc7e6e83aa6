import { useCallback, useState } from 'react';

/** At most this many steps are kept to undo. */
const DEPTH = 100;

interface History<T> {
  past: T[];
  present: T;
  future: T[];
}

/** Undo and redo over a value: every `set` is a step; `reset` starts again without history. */
export function useHistory<T>(initial: T) {
  const [history, setHistory] = useState<History<T>>({ past: [], present: initial, future: [] });
  const set = useCallback(
    (next: T | ((current: T) => T)) =>
      setHistory((h) => {
        const value = typeof next === 'function' ? (next as (current: T) => T)(h.present) : next;
        return { past: [...h.past, h.present].slice(-DEPTH), present: value, future: [] };
      }),
    [],
  );
  const undo = useCallback(
    () =>
      setHistory((h) => {
        const previous = h.past.at(-1);
        return previous === undefined
          ? h
          : { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] };
      }),
    [],
  );
  const redo = useCallback(
    () =>
      setHistory((h) => {
        const [next, ...rest] = h.future;
        return next === undefined
          ? h
          : { past: [...h.past, h.present], present: next, future: rest };
      }),
    [],
  );
  const reset = useCallback((value: T) => setHistory({ past: [], present: value, future: [] }), []);
  return {
    value: history.present,
    set,
    undo,
    redo,
    reset,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
  };
}
