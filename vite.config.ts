import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstViewGroups } from './scripts/first-view-chunks';
import { linguiPlugins } from './scripts/lingui-vite.mjs';

// React Router 7's package.json points every condition at its development build (warnings and
// checks included: 0.6 KB gzip more on every page). Builds take its production build, which
// the package ships beside it (remix-run/react-router#12532, #14102).
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** The entry chunk's static imports, read from the bundle before the preload lists are written. */
const entryStatics = new Set<string>();
const captureEntryStatics: Plugin = {
  name: 'mea:entry-statics',
  enforce: 'pre',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      entryStatics.clear();
      const add = (file: string) => {
        const chunk = bundle[file];
        if (!chunk || chunk.type !== 'chunk' || entryStatics.has(file)) return;
        entryStatics.add(file);
        chunk.imports.forEach(add);
      };
      // The app's entry only: a first view's script (below) is not loaded before the pages.
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'index')
          chunk.imports.forEach(add);
    },
  },
};

// The SPA lives in src/web and is built to dist/web, which the Fastify server serves.
const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    captureEntryStatics,
    ...linguiPlugins({ webRoot, stripMessages: command === 'build' }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Vite's table of gzip sizes costs seconds of every build (and of every browser test run);
    // bench/bundle-size.ts measures what the budget needs.
    reportCompressedSize: false,
    assetsDir: 'assets',
    // bench/bundle-size.ts reads it to find what the home route loads.
    manifest: true,
    // Every browser we support preloads modules natively (Chrome 66, Firefox 115, Safari 17).
    modulePreload: {
      polyfill: false,
      // A lazy page's preload list need not name what the entry already imported statically
      // (it is loaded before any lazy import can run): 8 of a page's ~22 files, on 100 pages.
      // The page itself keeps them: the browser then fetches them beside the entry, not after
      // it has been parsed (decision 087).
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !entryStatics.has(dep)),
    },
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        // The seat page's map before the app has loaded (page-preload.ts writes its tag).
        'seat-first-view': fileURLToPath(
          new URL('./src/web/features/seating/seat-first-view.ts', import.meta.url),
        ),
      },
      output: {
        // The entry lists every lazy chunk's file for preloading: bare hashes keep that list (and
        // the home route's first load, budget 120 KB) about 2 KB smaller than `name-hash` would.
        chunkFileNames: 'assets/[hash].js',
        // The public pages' first views in a few chunks, not dozens of tiny ones (decision 095).
        codeSplitting: { groups: firstViewGroups(webRoot) },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
}));
