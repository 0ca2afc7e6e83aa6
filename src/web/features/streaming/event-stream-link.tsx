import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { eventStreamQuery, streamPaths } from './api';

/**
 * The event page's way to its live stream, when the event has one: "Watch live"
 * while it is live, else "Live stream". The organizer's set-up link is in the owner actions.
 */
export function EventStreamLink({ eventId }: { eventId: string }) {
  const stream = useQuery({ ...eventStreamQuery(eventId), staleTime: 30_000 });
  if (!stream.data) return null;
  const isLive = stream.data.status === 'live';
  return (
    <Link
      to={streamPaths.watch(stream.data.id)}
      className={buttonClasses({ variant: isLive ? 'primary' : 'outline', size: 'sm' })}
    >
      <Radio aria-hidden="true" className="size-4" />
      {isLive ? (
        <Trans>Watch live</Trans>
      ) : stream.data.status === 'ended' ? (
        <Trans>Stream replay</Trans>
      ) : (
        <Trans>Live stream</Trans>
      )}
    </Link>
  );
}
