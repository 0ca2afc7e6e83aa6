import type { MenuEntry } from './feature-routes';
import { affiliatesMenu } from '../features/affiliates/menu';
import { diaryMenu } from '../features/diary/menu';
import { directoryMenu } from '../features/directory/menu';
import { emailListsMenu } from '../features/email-lists/menu';
import { eventsMenu } from '../features/events/menu';
import { messagingMenu } from '../features/messaging/menu';
import { promotionsMenu } from '../features/promotions/menu';
import { subscriptionsMenu } from '../features/subscriptions/menu';
import { vendorsMenu } from '../features/vendors/menu';

/**
 * The main menu's entries from every feature that has some (`features/<m>/menu.ts`), in menu
 * order. Kept apart from the features' routes so the header does not bring the route table
 * into the first paint (decision 076).
 */
export const menuEntries: MenuEntry[] = [
  eventsMenu,
  vendorsMenu,
  directoryMenu,
  messagingMenu,
  diaryMenu,
  emailListsMenu,
  promotionsMenu,
  subscriptionsMenu,
  affiliatesMenu,
]
  .flat()
  .sort((a, b) => a.order - b.order);
