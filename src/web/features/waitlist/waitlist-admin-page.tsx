import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import type { WaitlistOverview } from '../../../contracts/waitlist';
import { PageBody } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Button } from '../../components/ui/button';
import { type DataTableState } from '../../components/ui/data-table';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
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

function OfferHoursForm({ eventId, hours }: { eventId: string; hours: number }) {
  const { t } = useLingui();
  const id = useId();
  const save = useSaveWaitlistSettings(eventId);
  const [value, setValue] = useState(String(hours));
  useEffect(() => setValue(String(hours)), [hours]);
  const problem = save.error
    ? errorMessage(save.error, t`The setting could not be saved`)
    : undefined;
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { offerHours: Number(value) },
      { onSuccess: () => toast.success(t`Offer time saved`) },
    );
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-border p-4"
    >
      <div className="w-48">
        <Field
          id={`${id}-hours`}
          label={t`Offer holds tickets for (hours)`}
          hint={t`How long the next person has to buy.`}
          error={problem}
        >
          <Input
            id={`${id}-hours`}
            type="number"
            inputMode="numeric"
            min={1}
            max={336}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={Boolean(problem)}
            aria-describedby={describedBy(`${id}-hours`, { hint: true, error: problem })}
          />
        </Field>
      </div>
      <Button type="submit" disabled={save.isPending}>
        <Trans>Save</Trans>
      </Button>
    </form>
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
