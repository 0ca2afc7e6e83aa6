// The badges feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { BadgesPanel } from './badges-panel';
export { PrintBadgeButton } from './print-badge-button';
