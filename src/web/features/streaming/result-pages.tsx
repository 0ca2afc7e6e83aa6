import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { streamKeys, streamPaths } from './api';

/** The event the checkout was for, when the return address names it. */
function useEventId(): string | null {
  const [params] = useSearchParams();
  return params.get('event') ?? params.get('event_id') ?? params.get('eventId');
}

/** spec §2 streaming/success: "Streaming Activated!". */
export function StreamingSuccessPage() {
  const eventId = useEventId();
  const client = useQueryClient();
  // The payment confirmation may land a moment after the return: read the streams again.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: streamKeys.all });
    const again = setTimeout(
      () => void client.invalidateQueries({ queryKey: streamKeys.all }),
      2000,
    );
    return () => clearTimeout(again);
  }, [client]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <CircleCheck aria-hidden="true" className="size-14 text-success" />
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>Streaming Activated!</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>
          Your event can go live now: from the browser with your camera or screen, or from OBS.
          Ticket holders are told when the stream starts. A receipt is in your orders.
        </Trans>
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to={eventId ? streamPaths.setup(eventId) : streamPaths.mine()}
          reloadDocument={Boolean(eventId)}
          className={buttonClasses({})}
        >
          {eventId ? <Trans>Set up the stream</Trans> : <Trans>My streams</Trans>}
        </Link>
      </div>
    </div>
  );
}

/** spec §2 streaming/cancelled. */
export function StreamingCancelledPage() {
  const eventId = useEventId();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center">
      <CircleX aria-hidden="true" className="size-14 text-muted-foreground" />
      <h1 className="text-3xl font-extrabold tracking-tight">
        <Trans>Streaming checkout cancelled</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>
          You were not charged, and streaming is not active for the event yet. You can activate it
          whenever you are ready.
        </Trans>
      </p>
      <Link
        to={eventId ? streamPaths.setup(eventId) : streamPaths.mine()}
        reloadDocument={Boolean(eventId)}
        className={buttonClasses({})}
      >
        {eventId ? <Trans>Back to the stream set-up</Trans> : <Trans>My streams</Trans>}
      </Link>
    </div>
  );
}
