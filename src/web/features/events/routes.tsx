import { useLingui } from '@lingui/react/macro';
import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Events: browsing, search, sharing, one's own events and what one attends.
const EventsPage = lazyPage(() => import('./events-page').then((m) => m.EventsPage));
const EventPage = lazyPage(() => import('./event-page').then((m) => m.EventPage));
const CreateEventPage = lazyPage(() =>
  import('./create-event-page').then((m) => m.CreateEventPage),
);
const EditEventPage = lazyPage(() => import('./edit-event-page').then((m) => m.EditEventPage));
const MyEventsPage = lazyPage(() => import('./my-events-page').then((m) => m.MyEventsPage));
const AdvancedEventsPage = lazyPage(() =>
  import('./advanced-events-page').then((m) => m.AdvancedEventsPage),
);
const AdvanceAccessPage = lazyPage(() =>
  import('./advance-access-page').then((m) => m.AdvanceAccessPage),
);
const CategoriesPage = lazyPage(() => import('./categories-page').then((m) => m.CategoriesPage));
const CategoryPage = lazyPage(() => import('./category-page').then((m) => m.CategoryPage));
const SearchPage = lazyPage(() => import('./search-page').then((m) => m.SearchPage));
const SharePage = lazyPage(() => import('./share-page').then((m) => m.SharePage));
const MyStuffPage = lazyPage(() => import('./my-stuff-page').then((m) => m.MyStuffPage));
const AttendingPage = lazyPage(() => import('./attending-page').then((m) => m.AttendingPage));

// spec §2 names these two pages; their titles are in the shell's messages, like the menu's.
function MyEventsCalendarPage() {
  const { t } = useLingui();
  return <MyStuffPage title={t`My Events Calendar`} />;
}

function MyStuffTitledPage() {
  const { t } = useLingui();
  return <MyStuffPage title={t`My Stuff`} />;
}

export const eventsRoutes: FeatureRoutes = {
  public: [
    { path: 'events', Component: EventsPage },
    // spec lists event/{id} and event/{eventId}: one pattern.
    { path: 'event/:eventId', Component: EventPage },
    { path: 'categories', Component: CategoriesPage },
    { path: 'categories/:slug', Component: CategoryPage },
    { path: 'search', Component: SearchPage },
    { path: 'share', Component: SharePage },
    { path: 'mea-share', Component: SharePage },
    // Public in spec §2: signed out, the pages show public events and a prompt to sign in
    // (GET /api/me/events and the tickets answer only the signed-in user).
    { path: 'mea-events', Component: MyEventsCalendarPage },
    { path: 'mea-mystuff', Component: MyStuffTitledPage },
    { path: 'attending', Component: AttendingPage },
    { path: 'mea-attending', Component: AttendingPage },
  ],
  member: [
    { path: 'my-events', Component: MyEventsPage },
    { path: 'advanced-events', Component: AdvancedEventsPage },
    { path: 'advance-access', Component: AdvanceAccessPage },
    {
      // Account types cannot change after registration: others learn whom the page is for.
      element: <RoleGuard role={['organizer', 'venue']} />,
      children: [
        { path: 'events/create', Component: CreateEventPage },
        { path: 'create-event', Component: CreateEventPage },
      ],
    },
    { path: 'edit-event/:id', Component: EditEventPage },
  ],
};
