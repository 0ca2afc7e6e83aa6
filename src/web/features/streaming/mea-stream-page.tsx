import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const zone = { timeZone: item.eventTimezone };
  const start = formatDateTime(item.scheduledStart, zone);
  const startedAt = item.startedAt ? formatDateTime(item.startedAt, zone) : null;
  const when =
    item.status === 'scheduled'
      ? t`Starts ${start}`
      : startedAt
        ? t`Started ${startedAt}`
        : t`Planned for ${start}`;
  const title = item.title;
  const viewerCount = item.viewerCount;
  const peakViewers = item.peakViewers;
  const duration = item.durationSeconds !== null ? formatDuration(item.durationSeconds) : null;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{item.title}</h3>
          <StatusBadge status={item.status} />
          {item.hasReplay ? (
            <span className="text-xs text-muted-foreground">
              <Trans>Replay</Trans>
            </span>
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">{item.eventTitle}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>{when}</span>
          {duration !== null ? (
            <span>
              <Trans>Duration {duration}</Trans>
            </span>
          ) : null}
          {scope === 'mine' ? (
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-3.5" />
              {item.status === 'live'
                ? t`${viewerCount} watching (peak ${peakViewers})`
                : t`Peak ${plural(peakViewers, { one: '# viewer', other: '# viewers' })}`}
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
          aria-label={item.status === 'ended' ? t`Open ${title}` : t`Watch ${title}`}
        >
          {item.status === 'ended' ? (item.hasReplay ? t`Replay` : t`Open`) : t`Watch`}
        </Link>
        {scope === 'mine' ? (
          <Link
            to={streamPaths.setup(item.eventId)}
            reloadDocument
            className={buttonClasses({ size: 'sm', variant: 'outline' })}
            aria-label={t`Manage ${title}`}
          >
            <Trans>Manage</Trans>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

function StreamList({ scope }: { scope: Scope }) {
  const { t } = useLingui();
  const list = useQuery(streamListQuery(scope));
  if (list.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t`Loading streams`} />
      </div>
    );
  if (list.isError)
    return (
      <LoadFailed
        title={t`The streams could not be loaded`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.data.items.length === 0)
    return scope === 'mine' ? (
      <EmptyState icon={Radio} title={t`You have not set up a stream yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Open one of your events and choose “Live stream” to stream it online.</Trans>
        </p>
        <Link to={paths.myEvents()} className={buttonClasses({ size: 'sm' })}>
          <Trans>My events</Trans>
        </Link>
      </EmptyState>
    ) : (
      <EmptyState icon={Tv} title={t`No streams to watch yet`}>
        <p className="text-sm text-muted-foreground">
          <Trans>Streams of events you have tickets for, and public streams, show up here.</Trans>
        </p>
        <Link to={paths.events()} className={buttonClasses({ size: 'sm' })}>
          <Trans>Find events</Trans>
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
  const { t } = useLingui();
  const [tab, setTab] = useState<Scope>('mine');
  return (
    <PageBody>
      <PageHeader
        title={t`Live streams`}
        description={t`Streams you run and streams you can watch.`}
      />
      <StreamNotificationList />
      <TabList
        idBase="streams"
        label={t`Streams`}
        items={[
          { value: 'mine', label: t`My streams` },
          { value: 'watchable', label: t`Watch` },
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
