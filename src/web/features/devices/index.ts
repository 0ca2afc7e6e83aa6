// The devices feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { DEVICES_SECTION_TEXTS, DevicesSection } from './devices-section';
export { SignInLinkRequest } from './sign-in-link-request';
