import { useLingui } from '@lingui/react/macro';
import { PageBody, PageHeader } from '../../components/page-header';
import { CartView } from './cart-view';

/** spec §2 /cart. */
export function CartPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader title={t`Cart`} />
      <CartView />
    </PageBody>
  );
}
