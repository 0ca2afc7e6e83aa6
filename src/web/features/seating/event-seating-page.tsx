import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import type { EventSeating } from '../../../contracts/seating';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { EventManageFrame, managedTypesQuery } from '../ticket-admin';
import { eventSeatingQuery, myPlansQuery, planQuery, useSetEventSeating } from './api';
import { chooseSeatsPath, planDesignerPath, SEATING_TAB } from './paths';

/** The organizer's Seating tab: the plan the event sells on and each category's ticket type. */
export function EventSeatingPage() {
  const { eventId = '' } = useParams();
  const { i18n } = useLingui();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={i18n._(SEATING_TAB)} permission="event.edit">
        {() => <SeatingSettings eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}

function SeatingSettings({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const seating = useQuery(eventSeatingQuery(eventId));
  const plans = useQuery(myPlansQuery);
  const types = useQuery(managedTypesQuery(eventId));
  if (seating.isPending || plans.isPending || types.isPending)
    return <Spinner label={t`Loading seating`} />;
  if (seating.isError || plans.isError || types.isError)
    return (
      <LoadFailed
        title={t`Seating could not be loaded`}
        error={seating.error ?? plans.error ?? types.error}
        onRetry={() => {
          void seating.refetch();
          void plans.refetch();
          void types.refetch();
        }}
      />
    );
  return (
    <SeatingForm
      key={seating.data ? `${seating.data.planId}-${seating.data.version}` : 'none'}
      eventId={eventId}
      current={seating.data}
      plans={plans.data.plans}
      ticketTypes={types.data.ticketTypes.map((type) => ({ id: type.id, name: type.name }))}
    />
  );
}

function SeatingForm({
  eventId,
  current,
  plans,
  ticketTypes,
}: {
  eventId: string;
  current: EventSeating | null;
  plans: { id: string; name: string; version: number; seatCount: number }[];
  ticketTypes: { id: string; name: string }[];
}) {
  const { t } = useLingui();
  const [planId, setPlanId] = useState(current?.planId ?? plans[0]?.id ?? '');
  const chosen = plans.find((p) => p.id === planId);
  // The linked version stays until the organizer takes the plan's newest.
  const [version, setVersion] = useState(current?.version ?? chosen?.version ?? 1);
  const plan = useQuery({ ...planQuery(planId), enabled: Boolean(planId) });
  const [mapping, setMapping] = useState<Record<string, string>>(
    Object.fromEntries(current?.categories.map((c) => [c.id, c.ticketTypeId]) ?? []),
  );
  const save = useSetEventSeating(eventId);
  const errors = save.error ? fieldErrors(save.error) : {};
  const newer = chosen && chosen.version > version;

  if (!plans.length)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-muted-foreground">
          <Trans>You have no seating plans yet. Draw one, then come back to link it.</Trans>
        </p>
        <Link to={planDesignerPath(undefined, eventId)} className={buttonClasses()}>
          <Trans>Draw a seating plan</Trans>
        </Link>
      </div>
    );

  return (
    <form
      className="flex max-w-xl flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { planId, version, ticketTypes: mapping },
          { onSuccess: () => toast.success(t`Seating saved`) },
        );
      }}
    >
      <Field id="seating-plan" label={t`Seating plan`} error={errors['body.planId']}>
        <Select
          id="seating-plan"
          value={planId}
          onChange={(e) => {
            setPlanId(e.target.value);
            setVersion(plans.find((p) => p.id === e.target.value)?.version ?? 1);
          }}
        >
          {plans.map((p) => (
            <option key={p.id} value={p.id}>
              {t`${p.name} (${p.seatCount} seats)`}
            </option>
          ))}
        </Select>
      </Field>
      <p className="text-sm text-muted-foreground">
        <Trans>Sells on version {version}.</Trans>{' '}
        {newer ? (
          <Button variant="ghost" size="sm" onClick={() => setVersion(chosen.version)}>
            <Trans>Use the newest version ({chosen.version})</Trans>
          </Button>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-3 text-sm">
        <Link to={planDesignerPath(planId, eventId)} className="text-primary hover:underline">
          <Trans>Edit this plan</Trans>
        </Link>
        <Link to={planDesignerPath(undefined, eventId)} className="text-primary hover:underline">
          <Trans>Draw a new plan</Trans>
        </Link>
        {current ? (
          <Link to={chooseSeatsPath(eventId)} className="text-primary hover:underline">
            <Trans>See the buyers’ seat map</Trans>
          </Link>
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-bold">
          <Trans>Ticket type of each category</Trans>
        </legend>
        {plan.isPending && planId ? <Spinner label={t`Loading the plan`} /> : null}
        {plan.data?.plan.categories.map((category) => (
          <Field
            key={category.id}
            id={`category-${category.id}`}
            label={
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="inline-block size-3 rounded-full"
                  style={{ backgroundColor: category.color }}
                />
                {category.name}
              </span>
            }
            error={errors[`body.ticketTypes.${category.id}`]}
          >
            <Select
              id={`category-${category.id}`}
              value={mapping[category.id] ?? ''}
              onChange={(e) => setMapping((m) => ({ ...m, [category.id]: e.target.value }))}
            >
              <option value="">{t`Choose a ticket type`}</option>
              {ticketTypes.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </Select>
          </Field>
        ))}
      </fieldset>
      {save.isError && !Object.keys(errors).length ? (
        <Alert variant="destructive" role="alert">
          {errorMessage(save.error, t`Seating could not be saved. Please try again.`)}
        </Alert>
      ) : null}
      <Button type="submit" disabled={save.isPending || !planId} className="self-start">
        <Trans>Save seating</Trans>
      </Button>
    </form>
  );
}
