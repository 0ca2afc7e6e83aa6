import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { PageBody, PageHeader } from '../../components/page-header';
import { VendorDirectory } from './vendor-directory';
import { VendorPublicPage } from './vendor-public-page';

/** /vendors: the public vendor directory (spec §2). */
export function VendorsPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`Vendors`}
        description={t`DJs, caterers, hosts, photographers, rentals and more service providers for your event.`}
      />
      <VendorDirectory />
    </PageBody>
  );
}

/** /vendor/{id}: one vendor's public page. */
export function VendorPage() {
  const { id = '' } = useParams();
  return <VendorPublicPage key={id} id={id} />;
}
