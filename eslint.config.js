// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureBoundaries from './scripts/eslint/feature-boundaries.js';
import moduleBoundaries from './scripts/eslint/module-boundaries.js';

// The project's own rules, one plugin: flat config refuses one name bound to two plugin objects.
const local = { rules: { ...moduleBoundaries.rules, ...featureBoundaries.rules } };

// Import boundaries of docs/architecture.md: web and server never import each other; both
// import contracts; a web feature reaches another only through its index.ts
// (scripts/eslint/feature-boundaries.js).
const noServerFromWeb = {
  group: ['**/server/**', '@server/**'],
  message: 'web must not import server code; share types through src/contracts.',
};
const noWebFromServer = {
  group: ['**/web/**', '@web/**'],
  message: 'server must not import web code; share types through src/contracts.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'playwright-report', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { local },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noServerFromWeb],
          // Lazy code renders once its messages have arrived too (decision 049).
          paths: [
            { name: 'react', importNames: ['lazy'], message: 'Use lazyPage (app/lazy-page).' },
          ],
        },
      ],
      'local/feature-boundaries': 'error',
    },
  },
  {
    // A query's key comes from its feature's key factory (eventKeys, adminKeys …), so the
    // invalidations name the same array as the query they refresh; keys written out as literals
    // drifted apart. Tests may write a key out to check what a factory gives.
    files: ['src/web/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] ArrayExpression:has(> Literal)",
          message:
            "Name the query key through the feature's key factory (e.g. eventKeys.detail(id)), not a literal array.",
        },
      ],
    },
  },
  {
    files: ['src/web/app/lazy-page.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerFromWeb] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWebFromServer] }] },
  },
  {
    // A module reaches another only through its service (scripts/eslint/module-boundaries.js).
    files: ['src/server/modules/**/*.ts'],
    plugins: { local },
    rules: {
      'local/module-boundaries': [
        'error',
        {
          groups: { orders: 'commerce', payments: 'commerce', tickets: 'commerce' },
        },
      ],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServerFromWeb,
            noWebFromServer,
            {
              group: ['react', 'fastify', 'pg', 'drizzle-orm'],
              message: 'contracts hold plain zod schemas only.',
            },
          ],
        },
      ],
    },
  },
);
