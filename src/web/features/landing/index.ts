// The landing feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { FeaturePage } from './feature-page';
export type { FeatureContent } from './feature-page';
export { loadHomeSection } from './home-sections';
