import { Trans } from '@lingui/react/macro';
import { useSession } from '../session';
import { BookingList } from './booking-list';
import { FindVendors } from './find-vendors';
import { VendorTrackerView } from './vendor-tracker';

/**
 * /vendor-hiring: organizers search vendors, send hire requests for their events, follow the
 * bookings and the tracker; vendors answer the hire requests they received.
 */
export function VendorHiring() {
  const { user } = useSession();
  const isVendor = user?.userType === 'vendor';
  return (
    <div className="flex flex-col gap-12">
      {isVendor ? <ReceivedBookings /> : null}
      {!isVendor ? (
        <>
          <FindVendors />
          <SentBookings />
          <section aria-labelledby="tracker-title" className="flex flex-col gap-4">
            <div>
              <h2 id="tracker-title" className="text-2xl font-bold">
                <Trans>Vendor tracker</Trans>
              </h2>
              <p className="text-muted-foreground">
                <Trans>Invited, applied, approved and paid, for each of your events.</Trans>
              </p>
            </div>
            <VendorTrackerView />
          </section>
        </>
      ) : null}
    </div>
  );
}

function SentBookings() {
  return (
    <section aria-labelledby="sent-title" className="flex flex-col gap-4">
      <h2 id="sent-title" className="text-2xl font-bold">
        <Trans>Your bookings</Trans>
      </h2>
      <BookingList as="organizer" />
    </section>
  );
}

function ReceivedBookings() {
  return (
    <section aria-labelledby="received-title" className="flex flex-col gap-4">
      <h2 id="received-title" className="text-2xl font-bold">
        <Trans>Hire requests for you</Trans>
      </h2>
      <BookingList as="vendor" />
    </section>
  );
}
