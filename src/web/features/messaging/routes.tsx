import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Messaging.
const MessagesPage = lazyPage(() => import('./messages-page').then((m) => m.MessagesPage));
const EventGroupChatPage = lazyPage(() =>
  import('./event-group-chat-page').then((m) => m.EventGroupChatPage),
);

export const messagingRoutes: FeatureRoutes = {
  member: [
    { path: 'messages', Component: MessagesPage },
    { path: 'event-group-chat', Component: EventGroupChatPage },
  ],
  // The menu shows the unread count beside this entry (main-menu.tsx).
};
