import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { myEventsQuery, useUpdateEvent } from './api';
import { CopyButton } from '../../components/copy-button';
import { EmptyEvents, LoadError } from './components/list-states';
import { StatusBadge } from './components/status-badge';
import { eventPageUrl } from './share-links';

/** /advance-access: private events and their secret links; make another event private. */
export function PrivateLinks() {
  const { t } = useLingui();
  const query = useQuery(myEventsQuery);
  const update = useUpdateEvent();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const events = query.data.events.filter((e) => e.eventStatus !== 'expired');
  const privateEvents = events.filter((e) => e.visibility === 'private');
  const publicEvents = events.filter((e) => e.visibility === 'public');
  const origin = window.location.origin;

  function makePrivate(id: string) {
    update.mutate(
      { id, input: { visibility: 'private' } },
      {
        onSuccess: () => toast.success(t`The event is now private`),
        onError: (error) => toast.error(errorMessage(error, t`Could not change the event.`)),
      },
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="private-title" className="flex flex-col gap-3">
        <h2 id="private-title" className="text-xl font-bold">
          <Trans>Private events</Trans>
        </h2>
        {privateEvents.length === 0 ? (
          <EmptyEvents title={t`No private events`}>
            <p className="text-muted-foreground">
              <Trans>
                A private event is hidden from lists and search; people open it with its secret
                link.
              </Trans>
            </p>
          </EmptyEvents>
        ) : (
          <ul className="flex flex-col gap-3">
            {privateEvents.map((event) => {
              const link = event.accessToken
                ? eventPageUrl(origin, event.id, event.accessToken)
                : null;
              return (
                <li
                  key={event.id}
                  className="flex flex-col gap-2 rounded-lg border border-border p-4"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <Lock aria-hidden="true" className="size-4 text-primary" />
                    <Link
                      to={paths.event(event.id, event.accessToken)}
                      className="font-semibold hover:underline"
                    >
                      {event.title}
                    </Link>
                    <StatusBadge status={event.eventStatus} />
                  </div>
                  {link ? (
                    <div className="flex flex-col gap-2 sm:flex-row">
                      <input
                        readOnly
                        value={link}
                        aria-label={t`Secret link of ${ph({ title: event.title })}`}
                        onFocus={(e) => e.currentTarget.select()}
                        className="h-10 w-full rounded-md border border-input bg-muted px-3 text-sm"
                      />
                      <CopyButton text={link} label={t`Copy link`} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="public-title" className="flex flex-col gap-3">
        <h2 id="public-title" className="text-xl font-bold">
          <Trans>Make an event private</Trans>
        </h2>
        {publicEvents.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>All your events are private already.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {publicEvents.map((event) => (
              <li
                key={event.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
              >
                <span className="font-medium">{event.title}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={update.isPending}
                  onClick={() => makePrivate(event.id)}
                >
                  <Trans>
                    Make private<span className="sr-only"> {ph({ title: event.title })}</span>
                  </Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
