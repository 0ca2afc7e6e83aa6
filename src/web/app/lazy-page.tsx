import { lazy, type ComponentType } from 'react';
import { catalogsPendingReady } from '../i18n/catalogs';
import { ChunkLoadError } from '../lib/chunk-load-error';

/**
 * A page (or any component) whose code loads on first render (spec §2: every page loads
 * lazily); it renders once its code and its messages in the active language are both here
 * (the catalogs of the modules it imports, which registered them when they ran).
 * Failed imports are marked as ChunkLoadError so the error boundary knows that only a reload
 * can recover.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      async (Page) => {
        // Its own catalogs, not those of a part of the page that happens to load meanwhile.
        await catalogsPendingReady();
        return { default: Page };
      },
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
}
