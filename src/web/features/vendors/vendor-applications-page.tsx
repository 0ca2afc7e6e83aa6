import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { MyApplications } from './my-applications';

/** /vendor_applications: the vendor's own applications (spec §2 user menu, vendors only). */
export function VendorApplicationsPage() {
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Vendor Applications`}
        description={t`Events you applied to, their status and any vendor fee to pay.`}
      />
      <MyApplications />
    </PageBody>
  );
}
