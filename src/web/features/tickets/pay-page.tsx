import { useParams } from 'react-router';
import { LocalCheckout } from './local-checkout';

/** /pay/{sessionId}: the built-in test provider's hosted checkout, outside the main layout. */
export function PayPage() {
  const { sessionId = '' } = useParams();
  return <LocalCheckout key={sessionId} sessionId={sessionId} />;
}
