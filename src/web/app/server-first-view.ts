import { useLayoutEffect } from 'react';

/**
 * Swaps the server's first view of a public page (`#mea-ssr` holding `[data-first-view]`, written
 * by the seo module) for the app's root, which stays hidden until then. Called from the layout
 * once its page has rendered (in a layout effect, so both change in the same frame) and from the
 * error screen, so a failed page never leaves the copy on screen. Other server copies (a
 * funnel's) are swapped by their own page when its data is there. A page with a loading box of
 * its own inside the layout's (the home page's) marks it `data-awaits-page`: the copy stays over
 * it until the page itself renders beside its own RevealAppPage.
 */
export function revealAppPage(): void {
  const view = document.getElementById('mea-ssr');
  if (!view?.querySelector(':scope > [data-first-view]')) return;
  if (document.querySelector('#root [data-awaits-page]')) return;
  view.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}

/** Rendered beside a layout's page, inside its Suspense: it commits when the page does. */
export function RevealAppPage(): null {
  useLayoutEffect(revealAppPage, []);
  return null;
}
