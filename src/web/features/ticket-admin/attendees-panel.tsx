import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Download, Users } from 'lucide-react';
import { useMemo, useState, type MouseEvent } from 'react';
import { toast } from 'sonner';
import type { TicketStatus } from '../../../contracts/tickets';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, errorReason } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { attendeesCsvUrl, attendeesQuery, confirmRecentAuth, type AttendeeList } from './api';
import { startDownload } from './start-download';
import { EventOrders } from './event-orders';
import { answersColumn, useAttendeeAnswers } from '../questions';
import { formatDateTime } from '../../lib/dates';
import { BOX_OFFICE_LABELS } from './sales-channel';
import { MoveSeatLink } from '../seating';

const STATUS: Record<
  TicketStatus,
  { label: MessageDescriptor; variant: 'success' | 'outline' | 'danger' }
> = {
  valid: { label: msg`Valid`, variant: 'success' },
  checked_in: { label: msg`Checked in`, variant: 'outline' },
  void: { label: msg`Refunded`, variant: 'danger' },
};

const when = (iso: string) => formatDateTime(iso);

type Attendee = AttendeeList['attendees'][number];

/** The table's columns, their names in the page's language (they also label values on phones). */
const attendeeColumns = (i18n: I18n, eventId: string): ColumnDef<Attendee, never>[] => [
  {
    id: 'name',
    header: i18n._(msg`Name`),
    cell: ({ row }) => <span className="font-medium">{row.original.holderName}</span>,
  },
  {
    id: 'email',
    header: i18n._(msg`Email`),
    cell: ({ row }) => row.original.email,
    meta: { className: 'break-all' },
  },
  {
    id: 'ticket',
    header: i18n._(msg`Ticket`),
    cell: ({ row }) => (
      <span>
        {row.original.ticketTypeName}
        {/* An event sold by seat: the ticket's seat under its type (decision 072). */}
        {row.original.seat ? (
          <span className="block text-xs text-muted-foreground">{row.original.seat}</span>
        ) : null}
        {/* Seat exchange: a ticket still valid may move to another seat (decision 090). */}
        {row.original.seat && row.original.status !== 'void' ? (
          <MoveSeatLink
            eventId={eventId}
            ticketId={row.original.ticketId}
            seat={row.original.seat}
          />
        ) : null}
      </span>
    ),
  },
  {
    id: 'status',
    header: i18n._(msg`Status`),
    cell: ({ row }) => {
      const a = row.original;
      return (
        <span>
          <Badge variant={STATUS[a.status].variant}>{i18n._(STATUS[a.status].label)}</Badge>
          {a.checkedInAt ? (
            <span className="block text-xs text-muted-foreground">{when(a.checkedInAt)}</span>
          ) : null}
        </span>
      );
    },
  },
  {
    id: 'paid',
    header: i18n._(msg`Paid`),
    cell: ({ row }) => {
      const a = row.original;
      return (
        <span>
          {formatMoney(a.paidCents, a.currency)}
          {a.boxOfficeMethod ? (
            <span className="block text-xs text-muted-foreground">
              {i18n._(BOX_OFFICE_LABELS[a.boxOfficeMethod])}
            </span>
          ) : null}
        </span>
      );
    },
    meta: { className: 'text-end tabular-nums' },
  },
];

export const ATTENDEES_PAGE_SIZE = 50;

/** The event's attendees (a page at a time, searched on the server) with CSV export, and its orders. */
export function AttendeesPanel({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const columns = useMemo(() => attendeeColumns(i18n, eventId), [i18n, locale, eventId]);
  const [table, setTable] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: ATTENDEES_PAGE_SIZE,
  });
  const query = useQuery(
    attendeesQuery(eventId, {
      page: table.page + 1,
      pageSize: table.pageSize,
      q: table.filter.trim(),
    }),
  );
  // The event's checkout questions: each attendee's answers in a column of their own.
  const answers = useAttendeeAnswers(eventId, query.data?.attendees.map((a) => a.ticketId) ?? []);
  const shownColumns = answers.questions.length
    ? [...columns, answersColumn<Attendee>(i18n, answers)]
    : columns;
  if (query.isPending) return <Spinner label={t`Loading attendees`} />;
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        title={t`Attendees could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { attendees, total } = query.data;
  // While searching, the total counts the matches, not everyone: the table's footer says so.
  const searching = table.filter.trim() !== '';
  // No one at all (not a search that found no one): the empty state instead of an empty table.
  const nobody = total === 0 && !searching && !query.isPlaceholderData;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="attendees-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="attendees-title" className="text-xl font-bold">
            {searching ? <Trans>Attendees</Trans> : <Trans>Attendees ({total})</Trans>}
          </h2>
          <a
            href={attendeesCsvUrl(eventId)}
            download
            onClick={(event: MouseEvent) => {
              // Attendee data asks for the password again after ten minutes (decision 061).
              event.preventDefault();
              confirmRecentAuth().then(
                () => startDownload(attendeesCsvUrl(eventId)),
                (error: unknown) => {
                  // Closing the password dialog is the person's own choice, not a failure.
                  if (errorReason(error) === 'REAUTH_REQUIRED') return;
                  toast.error(errorMessage(error, t`The attendee list could not be downloaded.`));
                },
              );
            }}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            <Trans>Export CSV</Trans>
          </a>
        </div>
        {nobody ? (
          <EmptyState icon={Users} title={t`No attendees yet`}>
            <p className="text-sm text-muted-foreground">
              <Trans>People who get tickets will be listed here.</Trans>
            </p>
          </EmptyState>
        ) : (
          <DataTable
            caption={t`Attendees`}
            captionHidden
            columns={shownColumns}
            data={attendees}
            total={total}
            state={table}
            onStateChange={setTable}
            getRowId={(a) => a.ticketId}
            isLoading={query.isFetching}
            error={
              query.isError ? errorMessage(query.error, t`Attendees could not be loaded`) : null
            }
            onRetry={() => void query.refetch()}
            filterLabel={t`Search attendees`}
            emptyMessage={t`No attendee matches this search.`}
          />
        )}
      </section>

      <EventOrders eventId={eventId} />
    </div>
  );
}
