import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BookHeart } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { DiaryItem } from '../../../contracts/diary';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { paths } from '../../lib/paths';
import { diaryQuery } from './api';
import { MonthView, WeekView, startOfWeek } from './calendar-views';
import { DiaryCard } from './diary-card';
import { FeedCard } from './feed-card';

type View = 'month' | 'week' | 'list';
const VIEWS: { value: View; label: MessageDescriptor }[] = [
  { value: 'month', label: msg`Month` },
  { value: 'week', label: msg`Week` },
  { value: 'list', label: msg`List` },
];

/** Whether an item matches the search: its event's title and place, my notes and tags. */
function matches(item: DiaryItem, search: string) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = [
    item.event.title,
    item.event.location,
    item.entry?.notes,
    ...(item.entry?.tags ?? []),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

/** /event-diary ("My Diary"): a private calendar and timeline of the events I hold tickets for. */
export function DiaryPage() {
  const query = useQuery(diaryQuery);
  const { t, i18n } = useLingui();
  const [view, setView] = useState<View>('month');
  const [search, setSearch] = useState('');
  const today = useMemo(() => new Date(), []);
  const [month, setMonth] = useState(() => new Date(today.getFullYear(), today.getMonth(), 1));
  const [week, setWeek] = useState(() => startOfWeek(today));
  const items = useMemo(
    () => (query.data?.items ?? []).filter((item) => matches(item, search)),
    [query.data, search],
  );
  const views = VIEWS.map((item) => ({ value: item.value, label: i18n._(item.label) }));
  const matchCount = items.length;
  // "On this day": past events on today's date in earlier years.
  const onThisDay = (query.data?.items ?? []).filter((item) => {
    const date = new Date(item.event.startsAt);
    return (
      date.getMonth() === today.getMonth() &&
      date.getDate() === today.getDate() &&
      date.getFullYear() < today.getFullYear()
    );
  });
  return (
    <PageBody>
      <PageHeader
        title={t`My Diary`}
        description={t`Your private calendar, notes, moods and photos from the events you go to. Only you can see them.`}
        actions={
          <div className="flex flex-wrap gap-2">
            <a
              href="/api/diary/calendar.ics"
              download
              className={buttonClasses({ variant: 'outline' })}
            >
              <Trans>Download calendar (.ics)</Trans>
            </a>
            <a href="/api/diary/export.json" className={buttonClasses({ variant: 'outline' })}>
              <Trans>Export (JSON)</Trans>
            </a>
          </div>
        }
      />
      {query.isPending ? (
        <Spinner label={t`Loading your diary`} />
      ) : query.isError ? (
        <LoadFailed
          title={t`Your diary could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <div className="flex flex-col gap-6">
          <EmptyState icon={BookHeart} title={t`Your diary is empty`}>
            <p className="text-muted-foreground">
              <Trans>Events you hold tickets for appear here.</Trans>
            </p>
          </EmptyState>
          <FeedCard />
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <TabList
                idBase="diary-view"
                label={t`Diary view`}
                items={views}
                value={view}
                onChange={setView}
              />
              <div className="flex flex-col gap-1.5 sm:w-72">
                <label htmlFor="diary-search" className="text-sm font-medium">
                  <Trans>Search my diary</Trans>
                </label>
                <Input
                  id="diary-search"
                  type="search"
                  value={search}
                  placeholder={t`Event, place, note or tag`}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
            </div>
            {search ? (
              <p role="status" className="text-sm text-muted-foreground">
                <Plural
                  value={matchCount}
                  one={`# event matches “${search}”`}
                  other={`# events match “${search}”`}
                />
              </p>
            ) : null}
            <TabPanel idBase="diary-view" value="month" isActive={view === 'month'}>
              <MonthView items={items} month={month} onMonth={setMonth} today={today} />
            </TabPanel>
            <TabPanel idBase="diary-view" value="week" isActive={view === 'week'}>
              <WeekView items={items} week={week} onWeek={setWeek} today={today} />
            </TabPanel>
            <TabPanel idBase="diary-view" value="list" isActive={view === 'list'}>
              <ol
                className="flex flex-col gap-6 border-s-2 border-border ps-6"
                aria-label={t`Timeline`}
              >
                {items.map((item) => (
                  <li key={item.event.id}>
                    <DiaryCard item={item} />
                  </li>
                ))}
              </ol>
            </TabPanel>
          </div>
          <aside className="flex flex-col gap-6" aria-label={t`Diary tools`}>
            <Card>
              <CardContent className="flex flex-col gap-2 pt-6">
                <h2 className="text-lg font-semibold">
                  <Trans>On this day</Trans>
                </h2>
                {onThisDay.length ? (
                  <ul className="flex flex-col gap-2">
                    {onThisDay.map((item) => (
                      <li key={item.event.id}>
                        <Link
                          to={paths.event(item.event.id)}
                          className="font-medium hover:underline"
                        >
                          {item.event.title}
                        </Link>
                        <p className="text-sm text-muted-foreground">
                          {new Date(item.event.startsAt).getFullYear()}
                          {item.entry?.notes ? ` · ${item.entry.notes.slice(0, 80)}` : ''}
                        </p>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    <Trans>Nothing from this date in earlier years yet.</Trans>
                  </p>
                )}
              </CardContent>
            </Card>
            <FeedCard />
          </aside>
        </div>
      )}
    </PageBody>
  );
}
