// The notifications feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { notificationKeys } from './keys';
export { MessageAttendees } from './message-attendees';
export { useOfferPushOnce } from './push-prompt';
export { unreadCountQuery, useUnreadCount } from './unread-count';
