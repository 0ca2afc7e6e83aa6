// Module hook: after tsx has turned a TypeScript file into JavaScript, expand its macros.
import { fileURLToPath } from 'node:url';
import { expandLinguiMacros, usesLinguiMacros } from './lingui-macros.mjs';

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || result.source == null)
    return result;
  const source =
    typeof result.source === 'string' ? result.source : new TextDecoder().decode(result.source);
  if (!usesLinguiMacros(source)) return result;
  const { code } = await expandLinguiMacros(source, fileURLToPath(url).replace(/\.tsx$/, '.ts'));
  return { ...result, source: code };
}
