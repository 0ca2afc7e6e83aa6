import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookHeart } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  DIARY_MOOD_LABELS,
  DIARY_MOODS,
  type DiaryItem,
  type DiaryMood,
} from '../../../contracts/diary';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { TabList, TabPanel } from '../../components/ui/tabs';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { addPhoto, deleteEntry, diaryKey, diaryQuery, saveEntry } from './api';
import { MonthView, WeekView, startOfWeek } from './calendar-views';
import { FeedCard } from './feed-card';
import { formatDateTime } from '../../lib/dates';

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

function DiaryCard({ item }: { item: DiaryItem }) {
  const client = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const { t } = useLingui();
  // The moods' names come from the contracts, said in the page's language.
  const say = useContractText();
  const title = item.event.title;
  const refresh = () => client.invalidateQueries({ queryKey: diaryKey });
  const save = useMutation({
    mutationFn: async (form: FormData) => {
      const rating = String(form.get('rating') ?? '');
      const mood = String(form.get('mood') ?? '');
      const saved = await saveEntry(item.event.id, {
        notes: String(form.get('notes') ?? ''),
        mood: mood ? (mood as DiaryMood) : null,
        rating: rating ? Number(rating) : null,
        tags: String(form.get('tags') ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      });
      const photo = form.get('photo');
      if (photo instanceof File && photo.size > 0) await addPhoto(saved.id, photo);
    },
    onSuccess: () => {
      setMessage(t`Saved`);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteEntry(item.entry?.id ?? ''),
    onSuccess: () => void refresh(),
  });
  const id = (name: string) => `${name}-${item.event.id}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    save.mutate(new FormData(event.currentTarget));
  };
  const date = formatDateTime(item.event.startsAt);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <div>
          <p className="text-sm font-medium text-primary">{date}</p>
          <h2 className="text-xl font-bold">
            <Link to={paths.event(item.event.id)} className="hover:underline">
              {item.event.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">{item.event.location}</p>
        </div>
        {item.entry?.photos.length ? (
          <ul className="grid grid-cols-3 gap-2" aria-label={t`Photos`}>
            {item.entry.photos.map((photo) => (
              <li key={photo.id}>
                <img
                  src={photo.url}
                  alt={t`Photo from ${title}`}
                  className="aspect-square w-full rounded-md object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <form
          onSubmit={submit}
          className="flex flex-col gap-3"
          aria-label={t`Diary entry: ${title}`}
        >
          <Field id={id('notes')} label={t`Notes`}>
            <textarea
              id={id('notes')}
              name="notes"
              rows={3}
              maxLength={5000}
              defaultValue={item.entry?.notes ?? ''}
              className="rounded-md border border-border bg-background px-3 py-2 text-sm"
            />
          </Field>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id={id('mood')} label={t`Mood`}>
              <Select id={id('mood')} name="mood" defaultValue={item.entry?.mood ?? ''}>
                <option value="">–</option>
                {DIARY_MOODS.map((mood) => (
                  <option key={mood} value={mood}>
                    {say(DIARY_MOOD_LABELS[mood])}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={id('rating')} label={t`Rating`}>
              <Select
                id={id('rating')}
                name="rating"
                defaultValue={String(item.entry?.rating ?? '')}
              >
                <option value="">–</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {n} / 5
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={id('tags')} label={t`Tags`}>
              <Input id={id('tags')} name="tags" defaultValue={item.entry?.tags.join(', ') ?? ''} />
            </Field>
          </div>
          <Field id={id('photo')} label={t`Add a photo`}>
            <Input id={id('photo')} name="photo" type="file" accept="image/*" />
          </Field>
          {save.isError ? (
            <Alert variant="destructive">{errorMessage(save.error, t`Not saved.`)}</Alert>
          ) : null}
          {message ? (
            <p role="status" className="text-sm text-success">
              {message}
            </p>
          ) : null}
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending}>
              <Trans>Save entry</Trans>
            </Button>
            {item.entry ? (
              <Button variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
                <Trans>Delete entry</Trans>
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
