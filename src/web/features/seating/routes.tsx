import { lazyPage } from '../../app/lazy-page';
import type { FeatureRoutes } from '../../app/feature-routes';

// Reserved seating (decision 068): the buyer's seat picker, the organizer's plan designer and the
// event's Seating tab.
const SeatPickerPage = lazyPage(() => import('./seat-picker-page').then((m) => m.SeatPickerPage));
const PlanDesignerPage = lazyPage(() =>
  import('./plan-designer-page').then((m) => m.PlanDesignerPage),
);
const SeatMovePage = lazyPage(() => import('./seat-move-page').then((m) => m.SeatMovePage));
const EventSeatingPage = lazyPage(() =>
  import('./event-seating-page').then((m) => m.EventSeatingPage),
);

export const seatingRoutes: FeatureRoutes = {
  // Not in spec §2: the map is public; buying asks to sign in.
  public: [{ path: 'event/:eventId/seats', Component: SeatPickerPage }],
  // Not in spec §2: plans and the event's seating (organizers, venues, admins).
  member: [
    { path: 'seating/plans/:planId', Component: PlanDesignerPage },
    { path: 'event/:eventId/seating', Component: EventSeatingPage },
    // Not in spec §2: the organizer moves a sold ticket to another seat.
    { path: 'event/:eventId/seats/move/:ticketId', Component: SeatMovePage },
  ],
};
