import { useParams, useSearchParams } from 'react-router';
import { PageBody } from '../../components/page-header';
import { RegisterView } from './register-view';

/** spec §2 event/{eventId}/register: free registration. */
export function RegisterPage() {
  const { eventId = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <PageBody narrow>
      <RegisterView key={eventId} eventId={eventId} access={params.get('access')} />
    </PageBody>
  );
}
