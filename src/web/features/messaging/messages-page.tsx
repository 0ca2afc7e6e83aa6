import { PageSpinner } from '../../components/ui/spinner';
import { MessagesScreen } from './messages-screen';
import { useSession } from '../session';

/** spec §2 /messages and /messages?chat={chat or person id}&name={name} (signed in). */
export function MessagesPage() {
  const { user } = useSession();
  if (!user) return <PageSpinner />;
  return <MessagesScreen key={user.id} me={user} />;
}
