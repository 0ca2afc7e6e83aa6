import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Rides to events (issue 27).
const EventRidesPage = lazyPage(() => import('./event-rides-page').then((m) => m.EventRidesPage));
const RidePage = lazyPage(() => import('./ride-page').then((m) => m.RidePage));
const CreateRidePage = lazyPage(() => import('./ride-form-page').then((m) => m.CreateRidePage));
const EditRidePage = lazyPage(() => import('./ride-form-page').then((m) => m.EditRidePage));
const SharedRidePage = lazyPage(() => import('./shared-ride-page').then((m) => m.SharedRidePage));
const VendorLocationPage = lazyPage(() =>
  import('./vendor-location-pages').then((m) => m.VendorLocationPage),
);
const VendorLocationsPage = lazyPage(() =>
  import('./vendor-location-pages').then((m) => m.VendorLocationsPage),
);

export const ridesRoutes: FeatureRoutes = {
  public: [{ path: 'shared-ryder/:ryderId', element: <SharedRidePage /> }],
  member: [
    { path: 'event-ryder/:eventId', element: <EventRidesPage /> },
    { path: 'ryder/create', element: <CreateRidePage /> },
    { path: 'ryder/:ryderId', element: <RidePage /> },
    { path: 'create-ryder', element: <CreateRidePage /> },
    { path: 'edit-ryder/:ryderId', element: <EditRidePage /> },
    // Not in spec §2: a vendor shares their location with the organizer on the event day.
    { path: 'event/:eventId/vendor-location', element: <VendorLocationPage /> },
    { path: 'event/:eventId/vendor-locations', element: <VendorLocationsPage /> },
  ],
};
