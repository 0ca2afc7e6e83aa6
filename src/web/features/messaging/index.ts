// The messaging feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { blockPerson, sendMessage } from './api';
export { Conversation } from './conversation';
export { EventChatLink } from './event-chat-link';
export { useMessagingLive } from './use-messaging-live';
