// The newsletter feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { NewsletterForm } from './newsletter-form';

/** The toast after a newsletter confirmation link, for a lazy() that loads only then. */
export const loadNewsletterNotice = () => import('./newsletter-notice');
