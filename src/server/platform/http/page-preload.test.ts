import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_MODULES } from './page-preload';

const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));

describe('public page preloads', () => {
  it('name page modules that exist, so a moved page does not silently lose its preload', () => {
    for (const { source, eager = [] } of PUBLIC_PAGE_MODULES)
      for (const module of [source, ...eager])
        expect(existsSync(`${webRoot}${module}`), module).toBe(true);
  });

  it('match the public pages by their path alone', () => {
    const sourceOf = (path: string) =>
      PUBLIC_PAGE_MODULES.find((page) => page.path.test(path))?.source;
    expect(sourceOf('/event/0b6f4a52')).toBe('features/events/event-page.tsx');
    expect(sourceOf('/vendor/0b6f4a52')).toBe('features/vendors/vendor-pages.tsx');
    expect(sourceOf('/vendors')).toBe('features/vendors/vendor-pages.tsx');
    expect(sourceOf('/blog/a-post')).toBe('features/content/blog-post-page.tsx');
    expect(sourceOf('/event/0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b/seats')).toBe(
      'features/seating/seat-picker-page.tsx',
    );
    expect(sourceOf('/')).toBe('features/home/home-page.tsx');
    for (const other of ['/event/a/b', '/events/create', '/my-events', '/blogs'])
      expect(sourceOf(other), other).toBeUndefined();
  });
});
