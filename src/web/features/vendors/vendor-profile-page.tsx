import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { VendorProfileEditor } from './vendor-profile-editor';

/** /vendor-profile (signed in; vendors, spec §2 user menu). */
export function VendorProfilePage() {
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader
        title={t`Vendor Profile`}
        description={t`Your business, services, prices, photos and links, as organizers see them.`}
      />
      <VendorProfileEditor />
    </PageBody>
  );
}
