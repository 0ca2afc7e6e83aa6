import { defineConfig } from '@lingui/cli';
import babelExtractor from '@lingui/cli/api/extractors/babel';
import { formatter } from '@lingui/format-po';
import { contractsExtractor } from './scripts/lingui-contracts-extractor.mjs';
import { LOCALES, SOURCE_LOCALE } from './src/contracts/locales';

// One catalog per web feature, one for the web shell (app, components, lib), one per server
// module, one for the server platform and one for the contracts' texts: a page downloads only its features' messages in the
// active language, and people working on different features never edit the same catalog.
// Decision 049.
export default defineConfig({
  sourceLocale: SOURCE_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: SOURCE_LOCALE },
  format: formatter({ lineNumbers: false }),
  // The contracts' texts are plain strings, found by where they stand (see the extractor).
  extractors: [contractsExtractor, babelExtractor],
  // Macros in the web import these two from our runtime, which also works outside a provider
  // (component tests render without one) and never throws.
  runtimeConfigModule: {
    Trans: ['mea:lingui-react', 'Trans'],
    useLingui: ['mea:lingui-react', 'useLingui'],
  },
  catalogs: [
    {
      path: '<rootDir>/src/web/features/{name}/locales/{locale}',
      include: ['<rootDir>/src/web/features/{name}/'],
      // A feature's menu.ts (menu labels) and routes.tsx (page titles) read the shell's catalog,
      // which is loaded before any feature's code.
      exclude: ['**/*.test.*', '**/routes.tsx', '**/menu.ts'],
    },
    {
      path: '<rootDir>/src/web/locales/{locale}',
      include: [
        '<rootDir>/src/web/app/',
        '<rootDir>/src/web/components/',
        '<rootDir>/src/web/lib/',
        '<rootDir>/src/web/i18n/',
        '<rootDir>/src/web/main.tsx',
        '<rootDir>/src/web/features/*/routes.tsx',
        '<rootDir>/src/web/features/*/menu.ts',
      ],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/server/modules/{name}/locales/{locale}',
      include: ['<rootDir>/src/server/modules/{name}/'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/server/locales/{locale}',
      include: ['<rootDir>/src/server/platform/'],
      exclude: ['**/*.test.*'],
    },
    {
      path: '<rootDir>/src/contracts/locales/{locale}',
      include: ['<rootDir>/src/contracts/'],
      exclude: ['**/*.test.*'],
    },
  ],
});
