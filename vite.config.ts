import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React Router 7's package.json points every condition at its development build (warnings and
// checks included: 0.6 KB gzip more on every page). Builds take its production build, which
// the package ships beside it (remix-run/react-router#12532, #14102).
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The SPA lives in src/web and is built to dist/web, which the Fastify server serves.
export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    assetsDir: 'assets',
    // bench/bundle-size.ts reads it to find what the home route loads.
    manifest: true,
    // Every browser we support preloads modules natively (Chrome 66, Firefox 115, Safari 17).
    modulePreload: { polyfill: false },
    // The entry lists every lazy chunk's file for preloading: bare hashes keep that list (and
    // the home route's first load, budget 120 KB) about 2 KB smaller than `name-hash` would.
    rollupOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
}));
