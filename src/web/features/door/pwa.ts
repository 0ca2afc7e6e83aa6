import { useEffect } from 'react';

// The check-in app installs on its own (decision 066): its manifest, and a service worker whose
// scope is /check-in only, so the push worker at /sw.js (scope /) is left as it is.

const WORKER_URL = '/check-in-sw.js';
const SCOPE = '/check-in';

function headTag(tag: 'link' | 'meta', attributes: Record<string, string>) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.dataset.checkInApp = '';
  document.head.append(element);
  return element;
}

/** The app's manifest and home-screen tags while a check-in page is open; its worker kept. */
export function useCheckInApp() {
  useEffect(() => {
    const tags = [
      headTag('link', { rel: 'manifest', href: '/check-in.webmanifest' }),
      // iOS takes a PNG only for the home screen (an SVG leaves a screenshot of the page).
      headTag('link', {
        rel: 'apple-touch-icon',
        sizes: '180x180',
        href: '/check-in-icon-180.png',
      }),
      headTag('meta', { name: 'apple-mobile-web-app-capable', content: 'yes' }),
      headTag('meta', { name: 'mobile-web-app-capable', content: 'yes' }),
    ];
    if ('serviceWorker' in navigator)
      void navigator.serviceWorker
        .register(WORKER_URL, { scope: SCOPE })
        .then(() => navigator.serviceWorker.ready)
        .then(() => {
          // The files this page already loaded (before the worker ran) go into its cache too.
          const urls = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => new URL(url).origin === location.origin && !url.includes('/api/'));
          navigator.serviceWorker.controller?.postMessage({ type: 'cache', urls });
        })
        .catch(() => {
          // Without a worker the app still works while this page stays open.
        });
    return () => tags.forEach((tag) => tag.remove());
  }, []);
}
