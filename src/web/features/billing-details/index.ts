// The billing-details feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { EventBillingSettingsSection } from './billing-settings-section';
export { CheckoutBillingForm, useCheckoutBilling } from './checkout-billing';
