import { lazy, type ComponentType } from 'react';
import { catalogsReady } from '../i18n/catalogs';
import { ChunkLoadError } from '../lib/chunk-load-error';

/**
 * A page (or any component) whose code loads on first render (spec §2: every page loads
 * lazily); it renders once its code and its messages in the active language are both here.
 * Failed imports are marked as ChunkLoadError so the error boundary knows that only a reload
 * can recover.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      async (Page) => {
        await catalogsReady();
        return { default: Page };
      },
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
}
