import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EyeOff, Users } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { PageSpinner } from '../../components/ui/spinner';
import { initials } from '../../lib/initials';
import { paths } from '../../lib/paths';
import { eventQuery } from '../events';
import { attendingQuery } from './api';

/** spec §2 event/{eventId}/attending: who is going, as the organizer allows (list, count, hidden). */
export function EventAttending({ eventId, access }: { eventId: string; access: string | null }) {
  const { t } = useLingui();
  const event = useQuery(eventQuery(eventId, access));
  const query = useQuery(attendingQuery(eventId, access));
  if (query.isPending || event.isPending) return <PageSpinner />;
  if (query.isError) {
    return (
      <LoadFailed
        title={t`Attendance could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { visibility, count, attendees } = query.data;
  const goingCount = count ?? attendees.length;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
          <Trans>Who is going</Trans>
        </h1>
        {event.data ? (
          <Link
            to={paths.event(eventId, access)}
            className="font-medium text-primary hover:underline"
          >
            {event.data.title}
          </Link>
        ) : null}
      </div>
      {visibility === 'hidden' ? (
        <EmptyState icon={EyeOff} title={t`The guest list is private`}>
          <p className="text-muted-foreground">
            <Trans>The organizer does not share who is going.</Trans>
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="flex items-center gap-2 text-lg">
            <Users aria-hidden="true" className="size-5 text-primary" />
            {count === 0 ? (
              <Trans>No one has registered yet. Be the first!</Trans>
            ) : (
              <Plural value={goingCount} one="# person is going" other="# people are going" />
            )}
          </p>
          {visibility === 'list' && attendees.length ? (
            <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-3">
              {attendees.map((a) => (
                <li
                  key={a.id}
                  className="flex items-center gap-3 rounded-lg border border-border p-3"
                >
                  {a.avatarUrl ? (
                    <img src={a.avatarUrl} alt="" className="size-10 rounded-full object-cover" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-10 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
                    >
                      {initials(a.name)}
                    </span>
                  )}
                  <span className="font-medium">{a.name}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
