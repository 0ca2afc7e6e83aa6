import { RoleGuard } from '../../app/guards/role-guard';
import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';
import { paths } from '../../lib/paths';

// Events. The pages live in app/routes/ (they predate feature folders).
const EventsPage = lazyPage(() => import('../../app/routes/events-page').then((m) => m.EventsPage));
const EventPage = lazyPage(() => import('../../app/routes/event-page').then((m) => m.EventPage));
const CreateEventPage = lazyPage(() =>
  import('../../app/routes/create-event-page').then((m) => m.CreateEventPage),
);
const EditEventPage = lazyPage(() =>
  import('../../app/routes/edit-event-page').then((m) => m.EditEventPage),
);
const MyEventsPage = lazyPage(() =>
  import('../../app/routes/my-events-page').then((m) => m.MyEventsPage),
);
const AdvancedEventsPage = lazyPage(() =>
  import('../../app/routes/advanced-events-page').then((m) => m.AdvancedEventsPage),
);
const AdvanceAccessPage = lazyPage(() =>
  import('../../app/routes/advance-access-page').then((m) => m.AdvanceAccessPage),
);
const CategoriesPage = lazyPage(() =>
  import('../../app/routes/categories-page').then((m) => m.CategoriesPage),
);
const CategoryPage = lazyPage(() =>
  import('../../app/routes/category-page').then((m) => m.CategoryPage),
);

export const eventsRoutes: FeatureRoutes = {
  public: [
    { path: 'events', Component: EventsPage },
    // spec lists event/{id} and event/{eventId}: one pattern.
    { path: 'event/:eventId', Component: EventPage },
    { path: 'categories', Component: CategoriesPage },
    { path: 'categories/:slug', Component: CategoryPage },
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
  menu: [
    { to: paths.events(), label: 'Events', order: 10 },
    { to: paths.categories(), label: 'Categories', order: 50 },
  ],
};
