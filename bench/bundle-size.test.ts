import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchBundleSize, bundleVerdict } from './bundle-size';

const dist = mkdtempSync(path.join(tmpdir(), 'mea-bundle-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** A built SPA: random bytes do not compress, so each file's gzip size is about its size. */
function writeDist(kb: Record<string, number>) {
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  const catalogs = { 'assets/en.js': 0, 'assets/ar.js': 0, 'assets/home-ar.js': 0 };
  // The seat page's own first-view script is a second entry, listed first in the manifest.
  const seatPage = { 'assets/seat-first-view.js': 40, 'assets/seat-paint.js': 10 };
  const files = { ...catalogs, ...seatPage, 'assets/events-ar.js': 0, ...kb };
  for (const [file, size] of Object.entries(files))
    writeFileSync(path.join(dist, file), randomBytes(size * 1024).toString('base64'));
  const manifest = {
    'features/seating/seat-first-view.ts': {
      file: 'assets/seat-first-view.js',
      isEntry: true,
      imports: ['_seat-paint.js'],
    },
    '_seat-paint.js': { file: 'assets/seat-paint.js' },
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      dynamicImports: [
        'features/home/home-page.tsx',
        'features/events/events-page.tsx',
        'locales/en.po',
        'locales/ar.po',
      ],
    },
    '_react.js': { file: 'assets/react.js' },
    'locales/en.po': { file: 'assets/en.js', isDynamicEntry: true },
    'locales/ar.po': { file: 'assets/ar.js', isDynamicEntry: true },
    'features/home/locales/ar.po': { file: 'assets/home-ar.js', isDynamicEntry: true },
    'features/events/locales/ar.po': { file: 'assets/events-ar.js', isDynamicEntry: true },
    'features/home/home-page.tsx': {
      file: 'assets/home-page.js',
      imports: ['_react.js'],
      dynamicImports: ['features/home/locales/ar.po'],
    },
    'features/events/events-page.tsx': {
      file: 'assets/events-page.js',
      dynamicImports: ['features/events/locales/ar.po'],
    },
  };
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
}

describe('bundle budget', () => {
  it("counts the app's entry, the home route and their static imports, not other pages or entries", () => {
    writeDist({
      'assets/index.js': 30,
      'assets/react.js': 20,
      'assets/home-page.js': 10,
      'assets/events-page.js': 200,
    });
    const size = benchBundleSize(undefined, dist);
    expect(size.files.sort()).toEqual([
      'assets/home-page.js',
      'assets/index.js',
      'assets/react.js',
    ]);
    expect(size.homeChunk).toBe('features/home/home-page.tsx');
    // base64 of random bytes gzips to about 3/4 of its length: 60 KB of bytes → ~61 KB.
    expect(size.gzipKb).toBeGreaterThan(55);
    expect(size.gzipKb).toBeLessThan(70);
    expect(bundleVerdict(size).isOver).toBe(false);
  });

  it("adds the first paint's catalogs in the heaviest language, not other features'", () => {
    writeDist({
      'assets/index.js': 30,
      'assets/react.js': 20,
      'assets/home-page.js': 10,
      'assets/en.js': 1,
      'assets/ar.js': 4,
      'assets/home-ar.js': 4,
      'assets/events-ar.js': 100,
    });
    const size = benchBundleSize(undefined, dist);
    expect(size.language).toBe('ar');
    // 60 KB of code and 8 KB of Arabic catalogs, each about 4/3 bigger as base64.
    expect(size.gzipKb).toBeGreaterThan(64);
    expect(size.gzipKb).toBeLessThan(80);
  });

  it('fails loudly over 120 KB', () => {
    writeDist({
      'assets/index.js': 100,
      'assets/react.js': 20,
      'assets/home-page.js': 10,
      'assets/events-page.js': 1,
    });
    const verdict = bundleVerdict(benchBundleSize(undefined, dist));
    expect(verdict.isOver).toBe(true);
    expect(verdict.line).toMatch(/^OVER BUDGET: \d+(\.\d)? KB of 120 KB/);
  });
});
