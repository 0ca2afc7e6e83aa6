import { ph } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  checksResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { myEventsQuery, useCreateSeries, type SeriesFrequency } from './api';
import { EmptyEvents, LoadError } from './components/list-states';
import { formatCardDate, viewerTimeZone } from './event-time';

const MIN_OCCURRENCES = 2;
const MAX_OCCURRENCES = 52;

interface SeriesValues {
  eventId: string;
  frequency: SeriesFrequency;
  occurrences: string;
}
const FIELDS = ['eventId', 'frequency', 'occurrences'] as const;

/** /advanced-events: repeat one of my events weekly or monthly as dated draft copies. */
export function SeriesPlanner() {
  const { t } = useLingui();
  const query = useQuery(myEventsQuery);
  const series = useCreateSeries();
  const min = MIN_OCCURRENCES;
  const max = MAX_OCCURRENCES;
  // The page's own texts, as before: the event is a path of the request, not the contract's body.
  const form = useForm<SeriesValues>({
    defaultValues: { eventId: '', frequency: 'weekly', occurrences: '4' },
    resolver: checksResolver<SeriesValues>(({ eventId, occurrences }) => {
      const count = Number(occurrences);
      return {
        eventId: eventId ? undefined : t`Please choose an event`,
        occurrences:
          Number.isInteger(count) && count >= min && count <= max
            ? undefined
            : t`Choose between ${min} and ${max} occurrences`,
      };
    }),
  });
  const failure = form.formState.errors.root?.message;

  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const events = query.data.events.filter((e) => e.eventStatus !== 'expired');
  if (events.length === 0) {
    return (
      <EmptyEvents title={t`No events to repeat yet`}>
        <Link to={paths.createEvent()} className="font-medium text-primary underline">
          <Trans>Create an event first</Trans>
        </Link>
      </EmptyEvents>
    );
  }

  async function submit({ eventId, frequency, occurrences }: SeriesValues) {
    try {
      await series.mutateAsync({ id: eventId, frequency, occurrences: Number(occurrences) });
    } catch (error) {
      const fields = renameFields(fieldErrors(error), { params: 'eventId' });
      if (!setServerErrors(form, fields, FIELDS))
        form.setError('root', {
          message: errorMessage(error, t`The series could not be created.`),
        });
    }
  }

  const zone = viewerTimeZone();
  return (
    <div className="flex flex-col gap-6">
      <Form
        form={form}
        onSubmit={submit}
        className="flex flex-col gap-4 rounded-lg border border-border p-4"
      >
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <FormField<SeriesValues> name="eventId" label={t`Event to repeat`}>
          {(control) => (
            <Select {...control}>
              <option value="">{t`Choose one of your events`}</option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.title} ({formatCardDate(event.startsAt, zone)})
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField<SeriesValues> name="frequency" label={t`Repeat`}>
            {(control) => (
              <Select {...control}>
                <option value="weekly">{t`Every week`}</option>
                <option value="monthly">{t`Every month`}</option>
              </Select>
            )}
          </FormField>
          <FormField<SeriesValues>
            name="occurrences"
            label={t`Occurrences`}
            hint={t`${min} to ${max}, including the original`}
          >
            {(control) => (
              <Input {...control} type="number" min={MIN_OCCURRENCES} max={MAX_OCCURRENCES} />
            )}
          </FormField>
        </div>
        <div>
          <Button type="submit" disabled={series.isPending}>
            <Trans>Create series</Trans>
          </Button>
        </div>
      </Form>
      {series.isSuccess ? (
        <section aria-labelledby="series-done" className="flex flex-col gap-3">
          <Alert variant="success" title={t`Series created`}>
            <Plural
              value={series.data.events.length}
              one="# dated copy was saved as a draft. Publish it when ready."
              other="# dated copies were saved as drafts. Publish each when ready."
            />
          </Alert>
          <h2 id="series-done" className="sr-only">
            <Trans>New occurrences</Trans>
          </h2>
          <ul className="flex flex-col gap-2">
            {series.data.events.map((event) => (
              <li
                key={event.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
              >
                <span>
                  {event.title} · {formatCardDate(event.startsAt, zone)}
                </span>
                <Link
                  to={paths.editEvent(event.id)}
                  className="text-sm font-medium text-primary underline"
                >
                  <Trans>
                    Edit<span className="sr-only"> {ph({ title: event.title })}</span>
                  </Trans>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
