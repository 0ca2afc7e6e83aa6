import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { toast } from 'sonner';
import type { WaitlistEntry } from '../../../contracts/waitlist';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { useEntryAction } from './api';
import { STATUS_LABELS } from './status-labels';

export const WAITLIST_PAGE_SIZE = 50;

type Act = (entry: WaitlistEntry, action: 'offer' | 'remove') => void;

function StatusCell({ entry, i18n }: { entry: WaitlistEntry; i18n: I18n }) {
  const status = STATUS_LABELS[entry.status];
  const until = entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt) : '';
  const offered = entry.offeredQuantity ?? 0;
  const ended = ['claimed', 'expired', 'declined'].includes(entry.status);
  return (
    <span>
      <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
      {entry.status === 'offered' ? (
        <span className="ms-2 text-xs text-muted-foreground">
          <Trans>
            {offered} until {until}
          </Trans>
        </span>
      ) : null}
      {ended && offered ? (
        <span className="ms-2 text-xs text-muted-foreground">
          <Trans>{offered} offered</Trans>
        </span>
      ) : null}
    </span>
  );
}

/** The list's columns, their names in the page's language (they also label values on phones). */
const entryColumns = (i18n: I18n, act: Act, busy: boolean): ColumnDef<WaitlistEntry, never>[] => [
  {
    id: 'position',
    header: i18n._(msg`Position`),
    cell: ({ row }) => row.original.position ?? '–',
    meta: { className: 'tabular-nums' },
  },
  { id: 'type', header: i18n._(msg`Ticket type`), cell: ({ row }) => row.original.ticketTypeName },
  {
    id: 'email',
    header: i18n._(msg`Email`),
    cell: ({ row }) => row.original.email,
    meta: { className: 'break-all' },
  },
  {
    id: 'quantity',
    header: i18n._(msg`Quantity`),
    cell: ({ row }) => row.original.quantity,
    meta: { className: 'text-end tabular-nums' },
  },
  {
    id: 'joined',
    header: i18n._(msg`Joined`),
    cell: ({ row }) => formatDateTime(row.original.joinedAt),
    meta: { className: 'whitespace-nowrap' },
  },
  {
    id: 'status',
    header: i18n._(msg`Status`),
    cell: ({ row }) => <StatusCell entry={row.original} i18n={i18n} />,
  },
  {
    id: 'actions',
    header: i18n._(msg`Actions`),
    cell: ({ row }) => {
      const entry = row.original;
      const active = ['unconfirmed', 'waiting', 'offered'].includes(entry.status);
      return (
        <div className="flex justify-end gap-2">
          {entry.status === 'waiting' ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => act(entry, 'offer')}>
              <Trans>Offer now</Trans>
            </Button>
          ) : null}
          {active ? (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => act(entry, 'remove')}>
              <Trans>Remove</Trans>
            </Button>
          ) : null}
        </div>
      );
    },
    meta: { className: 'text-end' },
  },
];

/** One page of the waiting list, searched by email or ticket type on the server. */
export function WaitlistEntriesTable(props: {
  eventId: string;
  entries: WaitlistEntry[];
  total: number;
  state: DataTableState;
  onStateChange: (next: DataTableState) => void;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t, i18n } = useLingui();
  const action = useEntryAction(props.eventId);
  const act: Act = (entry, kind) =>
    action.mutate(
      { id: entry.id, action: kind },
      {
        onSuccess: () =>
          toast.success(kind === 'offer' ? t`Offer sent` : t`Removed from the waiting list`),
        onError: (error) =>
          toast.error(errorMessage(error, t`That did not work. Please try again.`)),
      },
    );
  const columns = entryColumns(i18n, act, action.isPending);
  return (
    <div className="flex flex-col gap-2">
      {action.error ? <Alert variant="destructive">{errorMessage(action.error, '')}</Alert> : null}
      <DataTable
        caption={t`Waiting list in order`}
        captionHidden
        columns={columns}
        data={props.entries}
        total={props.total}
        state={props.state}
        onStateChange={props.onStateChange}
        getRowId={(entry) => entry.id}
        isLoading={props.isLoading}
        error={
          props.error ? errorMessage(props.error, t`The waiting list could not be loaded`) : null
        }
        onRetry={props.onRetry}
        filterLabel={t`Search by email or ticket type`}
        emptyMessage={t`No place matches this search.`}
      />
    </div>
  );
}
