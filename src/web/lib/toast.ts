import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts for code on the first paint (header, session, home). sonner is 9 KB gzip, with its
 * styles, that no first paint shows, so this loads it on the first toast instead of with the
 * entry chunk; the Toaster (app/providers.tsx) mounts when the browser is idle and shows the
 * toasts raised before it (sonner replays them to a late Toaster). Lazily loaded pages import
 * sonner itself: by then it is in the cache or about to be.
 */
type Kind = 'success' | 'error' | 'warning' | 'info' | 'message';

let sonner: Promise<typeof sonnerToast> | undefined;

export function loadSonner(): Promise<typeof sonnerToast> {
  return (sonner ??= import('sonner').then((module) => module.toast));
}

function later(kind: Kind) {
  return (...args: [message: string, options?: ExternalToast]): void => {
    loadSonner().then(
      (toast) => toast[kind](...args),
      (error: unknown) => console.error('Toast not shown: its code did not load', error),
    );
  };
}

export const toast = {
  success: later('success'),
  error: later('error'),
  warning: later('warning'),
  info: later('info'),
  message: later('message'),
};
