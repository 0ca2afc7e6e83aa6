import { PageBody, PageHeader } from '../../components/page-header';
import { VendorHiring } from './vendor-hiring';

/** /vendor-hiring (signed in): hire vendors, follow bookings and the vendor tracker. */
export function VendorHiringPage() {
  return (
    <PageBody>
      <PageHeader
        title="Vendor hiring"
        description="Find vendors, send hire requests for your events and track every booking."
      />
      <VendorHiring />
    </PageBody>
  );
}
