import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  EventSeatingInputSchema,
  SEATING_MESSAGES,
  type EventSeating,
  type EventSeatingInput,
} from '../../../contracts/seating';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { checksResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
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

export function SeatingSettings({ eventId }: { eventId: string }) {
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

interface SeatingValues {
  planId: string;
  version: number;
  /** Category id → ticket type id ('' once "Choose a ticket type" is picked again). */
  ticketTypes: Record<string, string>;
}

// The body as before: the categories the organizer chose (or had), untouched ones left out.
const seatingInput = (values: SeatingValues): EventSeatingInput => ({
  planId: values.planId,
  version: values.version,
  ticketTypes: Object.fromEntries(
    Object.entries(values.ticketTypes).filter(([, type]) => type !== undefined),
  ),
});

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
  const form = useForm<SeatingValues>({
    defaultValues: {
      planId: current?.planId ?? plans[0]?.id ?? '',
      // The linked version stays until the organizer takes the plan's newest.
      version:
        current?.version ??
        plans.find((p) => p.id === (current?.planId ?? plans[0]?.id))?.version ??
        1,
      ticketTypes: Object.fromEntries(current?.categories.map((c) => [c.id, c.ticketTypeId]) ?? []),
    },
    // The contract's checks, each on its field (a category's on that category's select); a
    // problem of a field not shown (a category of another plan) is left to the server. Every
    // category of the chosen plan needs a type, as the server requires (the contract's record
    // cannot know the plan's categories): an untouched one gets the contract's text too.
    resolver: checksResolver<SeatingValues>((values) => {
      const found: Record<string, string> = {};
      for (const category of plan.data?.plan.categories ?? [])
        if (!values.ticketTypes[category.id])
          found[`ticketTypes.${category.id}`] = SEATING_MESSAGES.categoryTicketType;
      for (const issue of EventSeatingInputSchema.safeParse(seatingInput(values)).error?.issues ??
        []) {
        const path = issue.path.join('.');
        if (shown.includes(path)) found[path] ??= issue.message;
      }
      return found;
    }),
  });
  const planId = form.watch('planId');
  const version = form.watch('version');
  const chosen = plans.find((p) => p.id === planId);
  const plan = useQuery({ ...planQuery(planId), enabled: Boolean(planId) });
  const save = useSetEventSeating(eventId);
  const newer = chosen && chosen.version > version;

  const shown: string[] = [
    'planId',
    ...(plan.data?.plan.categories ?? []).map((c) => `ticketTypes.${c.id}`),
  ];

  async function submit(values: SeatingValues) {
    try {
      await save.mutateAsync(seatingInput(values));
      toast.success(t`Seating saved`);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), shown as FieldPath<SeatingValues>[]))
        form.setError('root', {
          message: errorMessage(error, t`Seating could not be saved. Please try again.`),
        });
    }
  }

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
    <Form form={form} onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <FormField<SeatingValues> name="planId" label={t`Seating plan`}>
        {(control) => (
          <Select
            {...control}
            onChange={(e) => {
              control.onChange(e);
              form.setValue('version', plans.find((p) => p.id === e.target.value)?.version ?? 1);
            }}
          >
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {t`${p.name} (${p.seatCount} seats)`}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <p className="text-sm text-muted-foreground">
        <Trans>Sells on version {version}.</Trans>{' '}
        {newer ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => form.setValue('version', chosen.version)}
          >
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
          <FormField<SeatingValues>
            key={category.id}
            name={`ticketTypes.${category.id}`}
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
          >
            {(control) => (
              <Select {...control}>
                <option value="">{t`Choose a ticket type`}</option>
                {ticketTypes.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        ))}
      </fieldset>
      {form.formState.errors.root?.message ? (
        <Alert variant="destructive" role="alert">
          {form.formState.errors.root.message}
        </Alert>
      ) : null}
      <Button type="submit" disabled={save.isPending || !planId} className="self-start">
        <Trans>Save seating</Trans>
      </Button>
    </Form>
  );
}
