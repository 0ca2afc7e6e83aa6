// Lingui's Vite plugin compiles a catalog into a module when it is imported.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

// The contracts' texts in one language, keyed by their English (scripts/lingui-vite.mjs).
declare module 'mea-contract-texts:*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
