// The taxes feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { eventTaxesPath, TAXES_TAB } from './paths';
export { OrderTaxRows, QuoteTaxRows } from './tax-lines-view';
export { IncludedTax } from './included-tax';
