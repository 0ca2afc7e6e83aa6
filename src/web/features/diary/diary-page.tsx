import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookHeart } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { addPhoto, deleteEntry, diaryKey, diaryQuery, saveEntry } from './api';

/** /event-diary ("My Diary"): a private timeline of the events I hold tickets for. */
export function DiaryPage() {
  const query = useQuery(diaryQuery);
  return (
    <PageBody narrow>
      <PageHeader
        title="My Diary"
        description="Your private notes, moods and photos from the events you go to. Only you can see them."
        actions={
          <a href="/api/diary/export.json" className={buttonClasses({ variant: 'outline' })}>
            Export (JSON)
          </a>
        }
      />
      {query.isPending ? (
        <Spinner label="Loading your diary" />
      ) : query.isError ? (
        <LoadFailed
          title="Your diary could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <EmptyState icon={BookHeart} title="Your diary is empty">
          <p className="text-muted-foreground">Events you hold tickets for appear here.</p>
        </EmptyState>
      ) : (
        <ol className="flex flex-col gap-6 border-l-2 border-border pl-6" aria-label="Timeline">
          {query.data.items.map((item) => (
            <li key={item.event.id}>
              <DiaryCard item={item} />
            </li>
          ))}
        </ol>
      )}
    </PageBody>
  );
}

function DiaryCard({ item }: { item: DiaryItem }) {
  const client = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
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
      setMessage('Saved');
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
  const date = new Date(item.event.startsAt).toLocaleString(undefined, {
    dateStyle: 'full',
    timeStyle: 'short',
  });
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
          <ul className="grid grid-cols-3 gap-2" aria-label="Photos">
            {item.entry.photos.map((photo) => (
              <li key={photo.id}>
                <img
                  src={photo.url}
                  alt={`Photo from ${item.event.title}`}
                  className="aspect-square w-full rounded-md object-cover"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <form
          onSubmit={submit}
          className="flex flex-col gap-3"
          aria-label={`Diary entry: ${item.event.title}`}
        >
          <Field id={id('notes')} label="Notes">
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
            <Field id={id('mood')} label="Mood">
              <Select id={id('mood')} name="mood" defaultValue={item.entry?.mood ?? ''}>
                <option value="">–</option>
                {DIARY_MOODS.map((mood) => (
                  <option key={mood} value={mood}>
                    {DIARY_MOOD_LABELS[mood]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={id('rating')} label="Rating">
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
            <Field id={id('tags')} label="Tags">
              <Input id={id('tags')} name="tags" defaultValue={item.entry?.tags.join(', ') ?? ''} />
            </Field>
          </div>
          <Field id={id('photo')} label="Add a photo">
            <Input id={id('photo')} name="photo" type="file" accept="image/*" />
          </Field>
          {save.isError ? (
            <Alert variant="destructive">{errorMessage(save.error, 'Not saved.')}</Alert>
          ) : null}
          {message ? (
            <p role="status" className="text-sm text-success">
              {message}
            </p>
          ) : null}
          <div className="flex gap-3">
            <Button type="submit" disabled={save.isPending}>
              Save entry
            </Button>
            {item.entry ? (
              <Button variant="outline" disabled={remove.isPending} onClick={() => remove.mutate()}>
                Delete entry
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
