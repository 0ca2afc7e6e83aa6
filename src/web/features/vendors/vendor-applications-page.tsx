import { PageBody, PageHeader } from '../../components/page-header';
import { MyApplications } from './my-applications';

/** /vendor_applications: the vendor's own applications (spec §2 user menu, vendors only). */
export function VendorApplicationsPage() {
  return (
    <PageBody narrow>
      <PageHeader
        title="Vendor Applications"
        description="Events you applied to, their status and any vendor fee to pay."
      />
      <MyApplications />
    </PageBody>
  );
}
