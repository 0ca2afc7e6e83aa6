// Lingui in Vite: macros expanded by our transform, each macro-using web file importing its
// catalog's loader (a virtual module), and `.po` catalogs compiled on import by Lingui's plugin.
import fs from 'node:fs';
import path from 'node:path';
import { lingui } from '@lingui/vite-plugin';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { expandLinguiMacros, usesLinguiMacros, featureCatalogDir } from './lingui-macros.mjs';

const RUNTIME_ID = 'mea:lingui-react';
const CATALOG_ID = 'mea-catalog:';
const CONTRACT_TEXTS_ID = 'mea-contract-texts:';

/**
 * @param {{ webRoot: string, stripMessages: boolean }} options webRoot is src/web's absolute
 *   path; stripMessages leaves English to the catalogs (production builds).
 * @returns {import('vite').Plugin[]}
 */
export function linguiPlugins({ webRoot, stripMessages }) {
  const runtimeFile = path.join(webRoot, 'i18n', 'lingui-react.tsx');
  const catalogsFile = path.join(webRoot, 'i18n', 'catalogs.ts');
  return [
    {
      name: 'mea:lingui',
      enforce: 'pre',
      resolveId(id) {
        if (id === RUNTIME_ID) return runtimeFile;
        if (id.startsWith(CATALOG_ID) || id.startsWith(CONTRACT_TEXTS_ID)) return `\0${id}`;
        return undefined;
      },
      load(id) {
        if (id.startsWith(`\0${CONTRACT_TEXTS_ID}`))
          return contractTexts(webRoot, id.slice(CONTRACT_TEXTS_ID.length + 1));
        if (!id.startsWith(`\0${CATALOG_ID}`)) return undefined;
        // The catalog's loader: every language's file as its own chunk; registering starts the
        // active language's download, which main.tsx and lazyPage wait for before rendering.
        const name = id.slice(CATALOG_ID.length + 1);
        const dir = path.join(webRoot, name);
        const files = fs.existsSync(dir)
          ? fs.readdirSync(dir).filter((f) => f.endsWith('.po'))
          : [];
        const loaders = files
          .map(
            (f) =>
              `  ${JSON.stringify(f.slice(0, -3))}: () => import(${JSON.stringify(path.join(dir, f))}),`,
          )
          .join('\n');
        return `import { registerCatalog } from ${JSON.stringify(catalogsFile)};\nregisterCatalog(${JSON.stringify(name)}, {\n${loaders}\n});\n`;
      },
      async transform(code, id) {
        const file = id.split('?')[0] ?? id;
        if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('node_modules')) return undefined;
        if (!usesLinguiMacros(code)) return undefined;
        const inWeb = file.startsWith(webRoot + path.sep);
        const out = await expandLinguiMacros(code, file, { stripMessages: stripMessages && inWeb });
        const catalogDir = inWeb ? featureCatalogDir(file, webRoot) : undefined;
        if (!catalogDir) return out;
        const catalog = path.relative(webRoot, catalogDir).split(path.sep).join('/');
        // Same first line, so the source map's lines stay right.
        return { code: `import '${CATALOG_ID}${catalog}';${out.code}`, map: out.map };
      },
    },
    lingui(),
  ];
}

/**
 * The contracts' texts in one language, compiled and keyed by their English (the form the web
 * finds them in: a schema's message), for src/web/i18n/contract-text.ts.
 */
function contractTexts(webRoot, locale) {
  const file = path.join(webRoot, '..', 'contracts', 'locales', `${path.basename(locale)}.po`);
  const messages = {};
  if (fs.existsSync(file))
    for (const item of PO.parse(fs.readFileSync(file, 'utf8')).items)
      messages[item.msgid] = compileMessage(item.msgstr[0] || item.msgid);
  return `export default ${JSON.stringify(messages)};\n`;
}
