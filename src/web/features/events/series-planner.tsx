import { ph } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { myEventsQuery, useCreateSeries, type SeriesFrequency } from './api';
import { EmptyEvents, LoadError } from './components/list-states';
import { formatCardDate, viewerTimeZone } from './event-time';

const MIN_OCCURRENCES = 2;
const MAX_OCCURRENCES = 52;

/** /advanced-events: repeat one of my events weekly or monthly as dated draft copies. */
export function SeriesPlanner() {
  const id = useId();
  const { t } = useLingui();
  const query = useQuery(myEventsQuery);
  const series = useCreateSeries();
  const [eventId, setEventId] = useState('');
  const [frequency, setFrequency] = useState<SeriesFrequency>('weekly');
  const [occurrences, setOccurrences] = useState('4');
  const [error, setError] = useState<string | null>(null);

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

  const min = MIN_OCCURRENCES;
  const max = MAX_OCCURRENCES;

  function submit(e: FormEvent) {
    e.preventDefault();
    const count = Number(occurrences);
    if (!eventId) return setError(t`Please choose an event`);
    if (!Number.isInteger(count) || count < MIN_OCCURRENCES || count > MAX_OCCURRENCES) {
      return setError(t`Choose between ${min} and ${max} occurrences`);
    }
    setError(null);
    series.mutate({ id: eventId, frequency, occurrences: count });
  }

  const zone = viewerTimeZone();
  return (
    <div className="flex flex-col gap-6">
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4 rounded-lg border border-border p-4"
      >
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {series.isError ? (
          <Alert variant="destructive">
            {errorMessage(series.error, t`The series could not be created.`)}
          </Alert>
        ) : null}
        <Field id={`${id}-event`} label={t`Event to repeat`}>
          <Select id={`${id}-event`} value={eventId} onChange={(e) => setEventId(e.target.value)}>
            <option value="">{t`Choose one of your events`}</option>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title} ({formatCardDate(event.startsAt, zone)})
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-frequency`} label={t`Repeat`}>
            <Select
              id={`${id}-frequency`}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as SeriesFrequency)}
            >
              <option value="weekly">{t`Every week`}</option>
              <option value="monthly">{t`Every month`}</option>
            </Select>
          </Field>
          <Field
            id={`${id}-occurrences`}
            label={t`Occurrences`}
            hint={t`${min} to ${max}, including the original`}
          >
            <Input
              id={`${id}-occurrences`}
              type="number"
              min={MIN_OCCURRENCES}
              max={MAX_OCCURRENCES}
              value={occurrences}
              aria-describedby={`${id}-occurrences-hint`}
              onChange={(e) => setOccurrences(e.target.value)}
            />
          </Field>
        </div>
        <div>
          <Button type="submit" disabled={series.isPending}>
            <Trans>Create series</Trans>
          </Button>
        </div>
      </form>
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
