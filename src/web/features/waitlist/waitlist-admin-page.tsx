import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import {
  WaitlistSettingsSchema,
  type WaitlistOverview,
  type WaitlistSettings,
} from '../../../contracts/waitlist';
import { PageBody } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { type DataTableState } from '../../components/ui/data-table';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { EventManageFrame } from '../ticket-admin';
import { eventWaitlistQuery, useSaveWaitlistSettings } from './api';
import { WAITLIST_TAB } from './paths';
import { WAITLIST_PAGE_SIZE, WaitlistEntriesTable } from './waitlist-entries-table';

/** Not in spec §2: /event/{eventId}/waitlist (owner or admin), decision 054. */
export function WaitlistAdminPage() {
  const { i18n } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={i18n._(WAITLIST_TAB)} permission="event.edit">
        {() => <WaitlistManager eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}

/** The list of one event: its setting, counts per type and a page of places. */
export function WaitlistManager({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const [table, setTable] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: WAITLIST_PAGE_SIZE,
  });
  const list = useQuery(
    eventWaitlistQuery(eventId, {
      page: table.page + 1,
      pageSize: table.pageSize,
      q: table.filter.trim(),
    }),
  );
  if (list.isPending) return <Spinner label={t`Loading the waiting list`} />;
  if (list.isError && !list.data)
    return (
      <LoadFailed
        title={t`The waiting list could not be loaded`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  // Nobody at all (not a search that found nobody): the empty state instead of an empty table.
  const nobody = list.data.total === 0 && !table.filter.trim() && !list.isPlaceholderData;
  return (
    <div className="flex flex-col gap-6">
      <OfferHoursForm eventId={eventId} hours={list.data.settings.offerHours} />
      <Summary overview={list.data} />
      {nobody ? (
        <EmptyState icon={Hourglass} title={t`Nobody is on the waiting list`}>
          <p className="text-muted-foreground">
            <Trans>
              When a ticket type sells out, buyers can join its waiting list from the event page.
            </Trans>
          </p>
        </EmptyState>
      ) : (
        <WaitlistEntriesTable
          eventId={eventId}
          entries={list.data.entries}
          total={list.data.total}
          state={table}
          onStateChange={setTable}
          isLoading={list.isFetching}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
        />
      )}
    </div>
  );
}

interface OfferHoursValues {
  offerHours: string;
}
const OFFER_HOURS_FIELDS = ['offerHours'] as const;
// The body as before: the hours as a number (an empty box is 0, which the contract refuses).
const toSettings = (values: OfferHoursValues): WaitlistSettings => ({
  offerHours: Number(values.offerHours.trim()),
});

function OfferHoursForm({ eventId, hours }: { eventId: string; hours: number }) {
  const { t } = useLingui();
  const say = useContractText();
  const save = useSaveWaitlistSettings(eventId);
  const form = useForm<OfferHoursValues>({
    defaultValues: { offerHours: String(hours) },
    resolver: contractResolver<OfferHoursValues>(
      WaitlistSettingsSchema,
      toSettings,
      OFFER_HOURS_FIELDS,
    ),
  });
  // A new value from the server (saved here or elsewhere) replaces the box's.
  useEffect(() => form.reset({ offerHours: String(hours) }), [form, hours]);
  const failure = form.formState.errors.root?.message;
  const submit = (values: OfferHoursValues) =>
    save.mutate(toSettings(values), {
      onSuccess: () => toast.success(t`Offer time saved`),
      onError: (error) => {
        if (!setServerErrors(form, fieldErrors(error), OFFER_HOURS_FIELDS))
          form.setError('root', {
            message: errorMessage(error, t`The setting could not be saved`),
          });
      },
    });
  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex flex-col gap-2 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-48">
          <FormField<OfferHoursValues>
            name="offerHours"
            label={t`Offer holds tickets for (hours)`}
            hint={t`How long the next person has to buy.`}
            formatError={say}
          >
            {(control) => (
              <Input {...control} type="number" inputMode="numeric" min={1} max={336} />
            )}
          </FormField>
        </div>
        <Button type="submit" disabled={save.isPending}>
          <Trans>Save</Trans>
        </Button>
      </div>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
    </Form>
  );
}

function Summary({ overview }: { overview: WaitlistOverview }) {
  const { t } = useLingui();
  const types = overview.ticketTypes.filter((type) => type.waiting || type.offered);
  if (!types.length) return null;
  return (
    <ul
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={t`Waiting per ticket type`}
    >
      {types.map((type) => {
        const { waiting, offered, remaining } = type;
        return (
          <li key={type.id} className="rounded-lg border border-border p-3 text-sm">
            <p className="font-semibold">{type.name}</p>
            <p className="text-muted-foreground">
              <Trans>
                {waiting} waiting · {offered} offered · {remaining} on sale
              </Trans>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
