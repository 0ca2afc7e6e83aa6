import { useSearchParams } from 'react-router';
import { PaymentCancelled, PaymentSuccess } from './payment-result';

/** spec §2 mea/payment-success (?success=true&session_id=…). */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  return <PaymentSuccess sessionId={params.get('session_id')} />;
}

/** spec §2 mea/payment-cancelled. */
export function PaymentCancelledPage() {
  const [params] = useSearchParams();
  return <PaymentCancelled sessionId={params.get('session_id')} eventId={params.get('event_id')} />;
}
