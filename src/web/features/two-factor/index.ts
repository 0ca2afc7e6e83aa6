// The two-factor feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { SecondFactorStep } from './second-factor-step';
export { TWO_FACTOR_SECTION_TEXTS, TwoFactorSection } from './two-factor-section';
