// @ts-check
import path from 'node:path';

/**
 * Web feature boundaries of docs/architecture.md: a file in `src/web/features/A/` may import
 * another feature B only through B's `index.ts` (`'../B'`), never a file inside B. What several
 * features share lives in `src/web/components/` or `src/web/lib/`, and those never import a
 * feature, so shared code cannot quietly depend on one feature's insides.
 *
 * The rule resolves each relative import against the importing file, so `'../B/x'`,
 * `'../../B/x'` from a subfolder and `import('../B/x')` are all caught (a glob on the import
 * text misses most of them). Type-only imports count too: a type from another feature's
 * internals ties us to its files just as a value does. `src/web/app/` composes the features and
 * is not a feature, so it is left alone.
 */

const WEB_DIR = /^(.*[\\/]src[\\/]web)[\\/]/;
const SHARED = new Set(['components', 'lib']);

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Web features reach each other only through the other feature's index" },
    schema: [],
    messages: {
      internal:
        "Feature '{{from}}' may not import '{{target}}', a file inside feature '{{feature}}': import it from '{{feature}}' (its index.ts), or move what several features share to src/web/components or src/web/lib (docs/architecture.md).",
      shared:
        "Shared code in src/web/{{area}} may not import feature '{{feature}}' ('{{target}}'): shared pieces depend on no feature (docs/architecture.md).",
    },
  },
  create(context) {
    const filename = context.filename;
    const web = WEB_DIR.exec(filename);
    if (!web) return {};
    const webDir = web[1];
    const featuresDir = path.join(webDir, 'features');
    const [area, ownFeature] = path.relative(webDir, filename).split(path.sep);
    const inFeature = area === 'features' && ownFeature !== undefined;
    if (!inFeature && !SHARED.has(area ?? '')) return {};

    /** @param {import('estree').Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const relative = path.relative(
        featuresDir,
        path.resolve(path.dirname(filename), spec.replace(/\.(tsx?|jsx?)$/, '')),
      );
      if (relative.startsWith('..') || path.isAbsolute(relative) || relative === '') return;
      const [feature, ...rest] = relative.split(path.sep);
      const file = rest.join('/');
      const target = relative.split(path.sep).join('/');
      if (!inFeature) {
        context.report({ node: source, messageId: 'shared', data: { area, feature, target } });
        return;
      }
      if (feature === ownFeature) return;
      if (file === '' || file === 'index') return;
      context.report({
        node: source,
        messageId: 'internal',
        data: { from: ownFeature, target, feature },
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
