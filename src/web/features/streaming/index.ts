// The streaming feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { EventStreamLink } from './event-stream-link';

/** Stream notifications (list and live pop-ups), for a lazy() that loads them when shown. */
export const loadStreamNotifications = () => import('./stream-notifications');
