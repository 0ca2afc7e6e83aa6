import { useParams } from 'react-router';
import { VendorRequestsScreen } from './vendor-requests-screen';

/** spec §2 /vendor_requests/{eventId}: outside the main layout, signed in (router guard). */
export function VendorRequestsPage() {
  const { eventId = '' } = useParams();
  return <VendorRequestsScreen key={eventId} eventId={eventId} />;
}
