import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Rides to events.
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
  public: [{ path: 'shared-ryder/:ryderId', Component: SharedRidePage }],
  member: [
    { path: 'event-ryder/:eventId', Component: EventRidesPage },
    { path: 'ryder/create', Component: CreateRidePage },
    { path: 'ryder/:ryderId', Component: RidePage },
    { path: 'create-ryder', Component: CreateRidePage },
    { path: 'edit-ryder/:ryderId', Component: EditRidePage },
    // Not in spec §2: a vendor shares their location with the organizer on the event day.
    { path: 'event/:eventId/vendor-location', Component: VendorLocationPage },
    { path: 'event/:eventId/vendor-locations', Component: VendorLocationsPage },
  ],
};
