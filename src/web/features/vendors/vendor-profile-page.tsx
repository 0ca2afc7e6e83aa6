import { PageBody, PageHeader } from '../../components/page-header';
import { VendorProfileEditor } from './vendor-profile-editor';

/** /vendor-profile (signed in; vendors, spec §2 user menu). */
export function VendorProfilePage() {
  return (
    <PageBody narrow>
      <PageHeader
        title="Vendor Profile"
        description="Your business, services, prices, photos and links, as organizers see them."
      />
      <VendorProfileEditor />
    </PageBody>
  );
}
