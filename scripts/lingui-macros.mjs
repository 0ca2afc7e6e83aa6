// Lingui's macros (`t`, `msg`, `<Trans>`, `plural`…) become message lookups at compile time.
// Vite's React plugin no longer runs Babel and the Babel plugin for Rolldown needs Node 22, so
// this one transform serves Vite (web build and every Vitest project), esbuild (the server
// build) and tsx (scripts): it runs only on files that import a macro. Decision 049.
import path from 'node:path';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';

const MACRO_IMPORT = /from\s*['"]@lingui\/(?:core|react)\/macro['"]/;

export const usesLinguiMacros = (code) => MACRO_IMPORT.test(code);

/**
 * Expands the macros of one TypeScript file. `stripMessages` drops the English text from the
 * output (web production builds: the catalogs carry it); the server keeps it as its fallback.
 */
export async function expandLinguiMacros(code, filename, { stripMessages = false } = {}) {
  const isTsx = filename.endsWith('.tsx') || filename.endsWith('.jsx');
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: isTsx ? ['typescript', 'jsx'] : ['typescript'] },
    generatorOpts: { retainLines: true },
    plugins: [[linguiMacro, { stripMessageField: stripMessages }]],
  });
  return { code: result?.code ?? code, map: result?.map ?? null };
}

/**
 * The catalog a web source file's messages live in (see lingui.config.ts): its feature's, or
 * undefined for the shell (app/, components/, lib/, i18n/, the features' routes.tsx and menu.ts), whose
 * catalog main.tsx loads before the first render.
 */
export function featureCatalogDir(file, webRoot) {
  const relative = path.relative(webRoot, file).split(path.sep);
  if (
    relative[0] !== 'features' ||
    relative.length < 3 ||
    relative[2] === 'routes.tsx' ||
    relative[2] === 'menu.ts'
  )
    return undefined;
  return path.join(webRoot, 'features', relative[1], 'locales');
}
