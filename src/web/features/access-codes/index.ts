// The access-codes feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { eventAccessCodesPath, useLinkCode, withAccessCode } from './code-link';
export { ACCESS_CODES_TAB } from './manage-tab';
export { AccessCodeForm } from './access-code-form';
