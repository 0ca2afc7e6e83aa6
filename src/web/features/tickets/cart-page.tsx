import { PageBody, PageHeader } from '../../components/page-header';
import { CartView } from './cart-view';

/** spec §2 /cart. */
export function CartPage() {
  return (
    <PageBody>
      <PageHeader title="Cart" />
      <CartView />
    </PageBody>
  );
}
