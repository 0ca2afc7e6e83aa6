import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { VendorHiring } from './vendor-hiring';

/** /vendor-hiring (signed in): hire vendors, follow bookings and the vendor tracker. */
export function VendorHiringPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`Vendor hiring`}
        description={t`Find vendors, send hire requests for your events and track every booking.`}
      />
      <VendorHiring />
    </PageBody>
  );
}
