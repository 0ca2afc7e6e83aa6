// The content feature's public face: other features import only what is listed here
// (scripts/eslint/feature-boundaries.js); everything else in the folder is its own.
export { blogListQuery } from './api';
export { PostCard } from './post-card';

/** The assistant's chat panel, for a lazy() that loads its code only when it opens. */
export const loadChatPanel = () => import('./chat-panel');
