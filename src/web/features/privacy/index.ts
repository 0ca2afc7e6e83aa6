// What other features may use of "your data" (decision 063): the account settings' link to it.
export { PRIVACY_SECTION_TEXTS, PrivacyLink } from './privacy-link';
