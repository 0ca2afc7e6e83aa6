// Bundles the server's TypeScript into dist/server (dependencies stay in node_modules).
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { expandLinguiMacros, usesLinguiMacros } from './lingui-macros.mjs';

/** Lingui's macros, expanded before esbuild compiles a file (scripts/lingui-macros.mjs). */
const linguiMacros = {
  name: 'lingui-macros',
  setup(plugin) {
    plugin.onLoad({ filter: /\/src\/.*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!usesLinguiMacros(source)) return undefined;
      const { code } = await expandLinguiMacros(source, args.path);
      return { contents: code, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

await build({
  entryPoints: { main: 'src/server/main.ts', worker: 'src/server/worker.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [linguiMacros],
});
