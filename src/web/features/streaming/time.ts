import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';

/** The current time, ticking every second while mounted (countdowns). */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** 93_784_000 → "1 d 02:03:04"; 3_723_000 → "1:02:03"; 65_000 → "1:05". */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) {
    const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
    // The day's unit is a word in some languages ("1 T." in German, "1 ي" in Arabic).
    return i18n._(msg`${days} d ${clock}`);
  }
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(seconds)}`;
  return `${minutes}:${pad(seconds)}`;
}

/** 3725 → "1 h 2 min"; 125 → "2 min"; 20 → "20 s". */
export function formatDuration(seconds: number): string {
  // The units' abbreviations differ by language ("2 Min." in German, "2 د" in Arabic).
  if (seconds < 60) return i18n._(msg`${seconds} s`);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? i18n._(msg`${hours} h ${minutes} min`) : i18n._(msg`${minutes} min`);
}
