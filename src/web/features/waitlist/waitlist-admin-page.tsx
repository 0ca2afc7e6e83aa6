import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import type { WaitlistEntry, WaitlistOverview } from '../../../contracts/waitlist';
import { PageBody } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { EventManageFrame } from '../ticket-admin';
import { eventWaitlistQuery, useEntryAction, useSaveWaitlistSettings } from './api';
import { WAITLIST_TAB } from './paths';
import { STATUS_LABELS } from './status-labels';

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

function WaitlistManager({ eventId }: { eventId: string }) {
  const { t } = useLingui();
  const list = useQuery(eventWaitlistQuery(eventId));
  if (list.isPending) return <Spinner label={t`Loading the waiting list`} />;
  if (list.isError)
    return (
      <LoadFailed
        title={t`The waiting list could not be loaded`}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-6">
      <OfferHoursForm eventId={eventId} hours={list.data.settings.offerHours} />
      <Summary overview={list.data} />
      {list.data.entries.length ? (
        <EntriesTable eventId={eventId} entries={list.data.entries} />
      ) : (
        <EmptyState icon={Hourglass} title={t`Nobody is on the waiting list`}>
          <p className="text-muted-foreground">
            <Trans>
              When a ticket type sells out, buyers can join its waiting list from the event page.
            </Trans>
          </p>
        </EmptyState>
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

function EntriesTable({ eventId, entries }: { eventId: string; entries: WaitlistEntry[] }) {
  const { t, i18n } = useLingui();
  const act = useEntryAction(eventId);
  function run(entry: WaitlistEntry, action: 'offer' | 'remove') {
    act.mutate(
      { id: entry.id, action },
      {
        onSuccess: () =>
          toast.success(action === 'offer' ? t`Offer sent` : t`Removed from the waiting list`),
        onError: (error) =>
          toast.error(errorMessage(error, t`That did not work. Please try again.`)),
      },
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      {act.error ? <Alert variant="destructive">{errorMessage(act.error, '')}</Alert> : null}
      <table className="w-full text-sm">
        <caption className="sr-only">
          <Trans>Waiting list in order</Trans>
        </caption>
        <thead className="bg-muted/50 text-start">
          <tr>
            <th scope="col" className="p-2 text-start">
              <Trans>Position</Trans>
            </th>
            <th scope="col" className="p-2 text-start">
              <Trans>Ticket type</Trans>
            </th>
            <th scope="col" className="p-2 text-start">
              <Trans>Email</Trans>
            </th>
            <th scope="col" className="p-2 text-end">
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className="p-2 text-start">
              <Trans>Joined</Trans>
            </th>
            <th scope="col" className="p-2 text-start">
              <Trans>Status</Trans>
            </th>
            <th scope="col" className="p-2 text-end">
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const status = STATUS_LABELS[entry.status];
            const until = entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt) : '';
            const offered = entry.offeredQuantity ?? 0;
            const active = ['unconfirmed', 'waiting', 'offered'].includes(entry.status);
            return (
              <tr key={entry.id} className="border-t border-border">
                <td className="p-2 tabular-nums">{entry.position ?? '–'}</td>
                <td className="p-2">{entry.ticketTypeName}</td>
                <td className="p-2 break-all">{entry.email}</td>
                <td className="p-2 text-end tabular-nums">{entry.quantity}</td>
                <td className="p-2 whitespace-nowrap">{formatDateTime(entry.joinedAt)}</td>
                <td className="p-2">
                  <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
                  {entry.status === 'offered' ? (
                    <span className="ms-2 text-xs text-muted-foreground">
                      <Trans>
                        {offered} until {until}
                      </Trans>
                    </span>
                  ) : null}
                  {entry.status === 'claimed' ||
                  entry.status === 'expired' ||
                  entry.status === 'declined' ? (
                    offered ? (
                      <span className="ms-2 text-xs text-muted-foreground">
                        <Trans>{offered} offered</Trans>
                      </span>
                    ) : null
                  ) : null}
                </td>
                <td className="p-2">
                  <div className="flex justify-end gap-2">
                    {entry.status === 'waiting' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={act.isPending}
                        onClick={() => run(entry, 'offer')}
                      >
                        <Trans>Offer now</Trans>
                      </Button>
                    ) : null}
                    {active ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={act.isPending}
                        onClick={() => run(entry, 'remove')}
                      >
                        <Trans>Remove</Trans>
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
