// @ts-check
import path from 'node:path';

/**
 * Module boundaries of docs/architecture.md ("How to add a module"): a file in
 * `src/server/modules/A/` may import from another module B only `B/B.service.ts`. Modules of one
 * group count as one module: orders, payments and tickets are the `commerce` group, because a
 * ticket order is held, paid and issued in one transaction across the three (decision 027).
 *
 * Type-only imports count too: a type from another module's queries ties us to its SQL shape
 * just as a value does; shared shapes belong in `src/contracts`.
 */

const MODULES_DIR = /^(.*[\\/]src[\\/]server[\\/]modules)[\\/]([^\\/]+)[\\/]/;

/** @param {string} name @param {Record<string, string>} groups */
const groupOf = (name, groups) => groups[name] ?? name;

/** @type {import('eslint').Rule.RuleModule} */
export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Modules reach each other only through the other module's service" },
    schema: [
      {
        type: 'object',
        properties: {
          groups: { type: 'object', additionalProperties: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "'{{from}}' may not import '{{target}}', an internal file of module '{{module}}': import it through '{{module}}/{{module}}.service.ts' (docs/architecture.md).",
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    /** @type {Record<string, string>} */
    const groups = options.groups ?? {};
    const filename = context.filename;
    const own = MODULES_DIR.exec(filename);
    if (!own) return {};
    const [, modulesDir, ownModule] = own;

    /** @param {import('estree').Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), spec);
      const relative = path.relative(modulesDir, target);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return;
      const parts = relative.split(path.sep);
      // modules/module.ts and modules/registry.ts are the shared manifest types, not a module.
      if (parts.length < 2) return;
      const targetModule = parts[0];
      if (groupOf(targetModule, groups) === groupOf(ownModule, groups)) return;
      const file = parts
        .slice(1)
        .join('/')
        .replace(/\.(ts|js)$/, '');
      if (file === `${targetModule}.service`) return;
      context.report({
        node: source,
        messageId: 'internal',
        data: { from: ownModule, target: `${targetModule}/${file}`, module: targetModule },
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

export default { rules: { 'module-boundaries': moduleBoundaries } };
