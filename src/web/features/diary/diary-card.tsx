import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  DIARY_MOOD_LABELS,
  DIARY_MOODS,
  DiaryEntryInputSchema,
  type DiaryEntryInput,
  type DiaryItem,
  type DiaryMood,
} from '../../../contracts/diary';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { paths } from '../../lib/paths';
import { addPhoto, deleteEntry, diaryKey, saveEntry } from './api';

interface EntryValues {
  notes: string;
  mood: string;
  rating: string;
  tags: string;
  photo?: FileList;
}
const FIELDS = ['notes', 'mood', 'rating', 'tags'] as const;
// The body as before: no mood or rating as null, the tags split on commas without empty ones.
const toInput = (values: EntryValues): DiaryEntryInput => ({
  notes: values.notes,
  mood: values.mood ? (values.mood as DiaryMood) : null,
  rating: values.rating ? Number(values.rating) : null,
  tags: values.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
});
const resolver = contractResolver<EntryValues>(DiaryEntryInputSchema, toInput, FIELDS);

/** One event of the diary with my entry for it: notes, mood, rating, tags and photos. */
export function DiaryCard({ item }: { item: DiaryItem }) {
  const client = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const { t } = useLingui();
  // The moods' names and the entry's checks come from the contracts, said in the page's language.
  const say = useContractText();
  const title = item.event.title;
  const refresh = () => client.invalidateQueries({ queryKey: diaryKey });
  const form = useForm<EntryValues>({
    defaultValues: {
      notes: item.entry?.notes ?? '',
      mood: item.entry?.mood ?? '',
      rating: String(item.entry?.rating ?? ''),
      tags: item.entry?.tags.join(', ') ?? '',
    },
    resolver,
  });
  const save = useMutation({
    mutationFn: async (values: EntryValues) => {
      const saved = await saveEntry(item.event.id, toInput(values));
      const photo = values.photo?.[0];
      if (photo && photo.size > 0) await addPhoto(saved.id, photo);
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
  const problem = form.formState.errors.root?.message;
  async function submit(values: EntryValues) {
    setMessage(null);
    try {
      await save.mutateAsync(values);
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), {}), FIELDS))
        form.setError('root', { message: errorMessage(error, t`Not saved.`) });
    }
  }
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
        <Form
          form={form}
          onSubmit={submit}
          className="flex flex-col gap-3"
          aria-label={t`Diary entry: ${title}`}
        >
          <FormField<EntryValues> name="notes" label={t`Notes`} formatError={say}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={5000}
                className="rounded-md border border-border bg-background px-3 py-2 text-sm"
              />
            )}
          </FormField>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField<EntryValues> name="mood" label={t`Mood`} formatError={say}>
              {(control) => (
                <Select {...control}>
                  <option value="">–</option>
                  {DIARY_MOODS.map((mood) => (
                    <option key={mood} value={mood}>
                      {say(DIARY_MOOD_LABELS[mood])}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField<EntryValues> name="rating" label={t`Rating`} formatError={say}>
              {(control) => (
                <Select {...control}>
                  <option value="">–</option>
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {n} / 5
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField<EntryValues> name="tags" label={t`Tags`} formatError={say}>
              {(control) => <Input {...control} />}
            </FormField>
          </div>
          <Field id={`photo-${item.event.id}`} label={t`Add a photo`}>
            <Input
              id={`photo-${item.event.id}`}
              type="file"
              accept="image/*"
              {...form.register('photo')}
            />
          </Field>
          {problem ? <Alert variant="destructive">{problem}</Alert> : null}
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
        </Form>
      </CardContent>
    </Card>
  );
}
