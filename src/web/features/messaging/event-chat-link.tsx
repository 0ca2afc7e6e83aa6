import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useSession } from '../session';
import { eventChatStatusQuery, mayEnterEventChat } from './api';
import { chatPaths } from './chat-paths';

/** The event page's way into its group chat, for members only (organizer, ticket holders, vendors). */
export function EventChatLink({ eventId }: { eventId: string }) {
  const { user } = useSession();
  const status = useQuery({ ...eventChatStatusQuery(eventId), enabled: Boolean(user) });
  if (!user || !status.data || !mayEnterEventChat(status.data.access)) return null;
  return (
    <Link
      to={chatPaths.eventGroupChat(eventId)}
      className={buttonClasses({ variant: 'outline', size: 'sm' })}
    >
      <MessagesSquare aria-hidden="true" className="size-4" />
      <Trans>Group chat</Trans>
    </Link>
  );
}
