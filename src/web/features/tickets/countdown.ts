import { useEffect, useState } from 'react';

/** Milliseconds left until `iso` (0 once passed), ticking every second; null without a time. */
export function useTimeLeft(iso: string | null): number | null {
  const target = iso ? new Date(iso).getTime() : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (target === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  if (target === null || Number.isNaN(target)) return null;
  return Math.max(0, target - now);
}

/** 125_000 → "2:05". */
export function formatTimeLeft(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
