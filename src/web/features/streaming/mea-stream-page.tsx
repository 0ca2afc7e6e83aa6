import { useQuery } from '@tanstack/react-query';
import { Radio, Tv, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StreamListItem } from '../../../contracts/streaming';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { paths } from '../../lib/paths';
import { streamListQuery, streamPaths } from './api';
import { StatusBadge } from './status-badge';
import { StreamNotificationList } from './stream-notifications';
import { formatDuration } from './time';
import { formatDateTime } from '../../lib/dates';

// spec §2 /mea-stream: my streams as organizer (scheduled, live, ended; viewers, duration) and
// the streams I can watch.

type Scope = 'mine' | 'watchable';

function StreamRow({ item, scope }: { item: StreamListItem; scope: Scope }) {
  const zone = { timeZone: item.eventTimezone };
  const when =
    item.status === 'scheduled'
      ? `Starts ${formatDateTime(item.scheduledStart, zone)}`
      : item.startedAt
        ? `Started ${formatDateTime(item.startedAt, zone)}`
        : `Planned for ${formatDateTime(item.scheduledStart, zone)}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{item.title}</h3>
          <StatusBadge status={item.status} />
          {item.hasReplay ? <span className="text-xs text-muted-foreground">Replay</span> : null}
        </div>
        <p className="text-sm text-muted-foreground">{item.eventTitle}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>{when}</span>
          {item.durationSeconds !== null ? (
            <span>Duration {formatDuration(item.durationSeconds)}</span>
          ) : null}
          {scope === 'mine' ? (
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-3.5" />
              {item.status === 'live'
                ? `${item.viewerCount} watching (peak ${item.peakViewers})`
                : `Peak ${item.peakViewers} viewers`}
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link
          to={streamPaths.watch(item.id)}
          className={buttonClasses({
            size: 'sm',
            variant: item.status === 'live' ? 'primary' : 'outline',
          })}
          aria-label={`${item.status === 'ended' ? 'Open' : 'Watch'} ${item.title}`}
        >
          {item.status === 'ended' ? (item.hasReplay ? 'Replay' : 'Open') : 'Watch'}
        </Link>
        {scope === 'mine' ? (
          <Link
            to={streamPaths.setup(item.eventId)}
            reloadDocument
            className={buttonClasses({ size: 'sm', variant: 'outline' })}
            aria-label={`Manage ${item.title}`}
          >
            Manage
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function StreamList({ scope }: { scope: Scope }) {
  const list = useQuery(streamListQuery(scope));
  if (list.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading streams" />
      </div>
    );
  if (list.isError)
    return (
      <LoadFailed
        title="The streams could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.data.items.length === 0)
    return scope === 'mine' ? (
      <EmptyState icon={Radio} title="You have not set up a stream yet">
        <p className="text-sm text-muted-foreground">
          Open one of your events and choose “Live stream” to stream it online.
        </p>
        <Link to={paths.myEvents()} className={buttonClasses({ size: 'sm' })}>
          My events
        </Link>
      </EmptyState>
    ) : (
      <EmptyState icon={Tv} title="No streams to watch yet">
        <p className="text-sm text-muted-foreground">
          Streams of events you have tickets for, and public streams, show up here.
        </p>
        <Link to={paths.events()} className={buttonClasses({ size: 'sm' })}>
          Find events
        </Link>
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-3">
      {list.data.items.map((item) => (
        <StreamRow key={item.id} item={item} scope={scope} />
      ))}
    </ul>
  );
}

export function MeaStreamPage() {
  const [tab, setTab] = useState<Scope>('mine');
  return (
    <PageBody>
      <PageHeader title="Live streams" description="Streams you run and streams you can watch." />
      <StreamNotificationList />
      <TabList
        idBase="streams"
        label="Streams"
        items={[
          { value: 'mine', label: 'My streams' },
          { value: 'watchable', label: 'Watch' },
        ]}
        value={tab}
        onChange={setTab}
        className="mb-6 max-w-md"
      />
      <TabPanel idBase="streams" value="mine" isActive={tab === 'mine'}>
        {tab === 'mine' ? <StreamList scope="mine" /> : null}
      </TabPanel>
      <TabPanel idBase="streams" value="watchable" isActive={tab === 'watchable'}>
        {tab === 'watchable' ? <StreamList scope="watchable" /> : null}
      </TabPanel>
    </PageBody>
  );
}
