import { useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { ReceiptView } from './receipt-view';

/** spec §2 /receipt?order=. */
export function ReceiptPage() {
  const [params] = useSearchParams();
  return (
    <PageBody narrow>
      <ReceiptView orderId={params.get('order')} />
    </PageBody>
  );
}
