import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { Subscriber } from '../../../contracts/marketing';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { errorMessage } from '../../lib/api-client';
import { currentIntlLocale } from '../../lib/intl-locale';
import { subscribersQuery } from './api';

export const SUBSCRIBERS_PAGE_SIZE = 25;

const STATUS_LABELS: Record<Subscriber['status'], MessageDescriptor> = {
  subscribed: msg`subscribed`,
  unconfirmed: msg`unconfirmed`,
  unsubscribed: msg`unsubscribed`,
  bounced: msg`bounced`,
  complained: msg`complained`,
};

const SOURCE_LABELS: Record<Subscriber['source'], MessageDescriptor> = {
  manual: msg`manual`,
  import: msg`import`,
  form: msg`form`,
  funnel: msg`funnel`,
  attendees: msg`attendees`,
};

/** The table's columns in the page's language (rebuilt when the language changes). */
function columns(i18n: I18n): ColumnDef<Subscriber, never>[] {
  return [
    {
      id: 'email',
      header: i18n._(msg`Email`),
      cell: ({ row }) => row.original.email,
      meta: { className: 'break-all' },
    },
    { id: 'name', header: i18n._(msg`Name`), cell: ({ row }) => row.original.name },
    {
      id: 'status',
      header: i18n._(msg`Status`),
      cell: ({ row }) => i18n._(STATUS_LABELS[row.original.status]),
    },
    {
      id: 'source',
      header: i18n._(msg`Source`),
      cell: ({ row }) => i18n._(SOURCE_LABELS[row.original.source]),
    },
  ];
}

/**
 * A list's subscribers, a page at a time: lists grow to many thousands, so the server pages and
 * searches (the table waits for a pause in typing before it asks).
 */
export function SubscribersTable({ listId, headingId }: { listId: string; headingId: string }) {
  const { t, i18n } = useLingui();
  // i18n.locale is the key: the same i18n object takes the new language's messages.
  const tableColumns = useMemo(() => columns(i18n), [i18n, i18n.locale]);
  const [table, setTable] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
  });
  const search = table.filter.trim();
  const subscribers = useQuery(
    subscribersQuery(listId, {
      search,
      limit: table.pageSize,
      offset: table.page * table.pageSize,
    }),
  );
  const total = subscribers.data?.total;
  const shownTotal = total?.toLocaleString(currentIntlLocale()) ?? '…';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold">
        {/* While searching, the total counts the matches: the table's footer says so. */}
        {search ? t`Subscribers` : t`Subscribers (${shownTotal})`}
      </h3>
      <DataTable
        caption={t`Subscribers`}
        captionHidden
        columns={tableColumns}
        data={subscribers.data?.subscribers}
        total={total ?? 0}
        state={table}
        onStateChange={setTable}
        getRowId={(s) => s.id}
        isLoading={subscribers.isFetching}
        error={
          subscribers.isError
            ? errorMessage(subscribers.error, t`Could not load the subscribers`)
            : null
        }
        onRetry={() => void subscribers.refetch()}
        filterLabel={t`Search subscribers`}
        emptyMessage={search ? t`No subscriber matches this search.` : t`No subscribers yet.`}
      />
    </section>
  );
}
