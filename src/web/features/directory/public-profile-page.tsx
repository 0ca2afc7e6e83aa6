import { useParams } from 'react-router';
import { PublicProfile } from './public-profile';

/** /organizers/{id} and /venues/{id}. */
export function PublicProfilePage({ kind }: { kind: 'organizer' | 'venue' }) {
  const { id = '' } = useParams();
  return <PublicProfile key={id} id={id} kind={kind} />;
}
