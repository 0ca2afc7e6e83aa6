import { lazy, type ComponentType } from 'react';
import { ChunkLoadError } from '../lib/chunk-load-error';

/**
 * A page whose code loads on first render (spec §2: every page loads lazily). Failed imports are
 * marked as ChunkLoadError so the error boundary knows that only a reload can recover.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    load().then(
      (Page) => ({ default: Page }),
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  );
}
