// The wallet-passes feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { WalletButtons } from './wallet-buttons';
