import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type {
  SalesChannel,
  SalesChannelMethod,
  SalesChannelReport,
} from '../../../contracts/sales-channels';
import { minorToDecimalString } from '../../../contracts/currency';
import { PageBody } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { formatCalendarDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { EventManageFrame } from './event-manage-frame';
import { SalesChannelsChart } from './sales-channels-chart';
import { salesChannelsCsvUrl, salesChannelsQuery } from './sales-channels-api';
import { SALES_CHANNELS_TAB } from './sales-channels-tab';

const CHANNELS: Record<SalesChannel, MessageDescriptor> = {
  online: msg`Online`,
  box_office: msg`Box office`,
};

const METHODS: Record<SalesChannelMethod, MessageDescriptor> = {
  card: msg`Card`,
  free: msg`Free`,
  cash: msg`Cash`,
  complimentary: msg`Complimentary`,
};

/**
 * Not in spec §2: event/{eventId}/sales-channels (organizer, admins, finance and managers):
 * sales online and at the box office, by payment method and seller, for every day or one.
 */
export function SalesChannelsPage() {
  const { i18n } = useLingui();
  const { eventId = '' } = useParams();
  return (
    <PageBody>
      <EventManageFrame eventId={eventId} title={i18n._(SALES_CHANNELS_TAB)} permission="orders">
        {() => <SalesChannelsReport eventId={eventId} />}
      </EventManageFrame>
    </PageBody>
  );
}

function SalesChannelsReport({ eventId }: { eventId: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const day = search.get('day');
  const query = useQuery(salesChannelsQuery(eventId, day));
  const chooseDay = (next: string) =>
    setSearch(
      (now) => {
        const params = new URLSearchParams(now);
        if (next) params.set('day', next);
        else params.delete('day');
        return params;
      },
      { replace: true },
    );

  if (query.isPending) return <Spinner label={t`Loading sales`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Sales could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const report = query.data;
  const days =
    report.day && !report.days.includes(report.day) ? [report.day, ...report.days] : report.days;
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        {i18n._(SALES_CHANNELS_TAB)}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-day`} className="text-sm font-medium">
            <Trans>Day</Trans>
          </label>
          <Select
            id={`${id}-day`}
            className="w-56"
            value={report.day ?? ''}
            onChange={(e) => chooseDay(e.target.value)}
          >
            <option value="">{t`All days`}</option>
            {days.map((d) => (
              <option key={d} value={d}>
                {formatCalendarDate(d)}
              </option>
            ))}
          </Select>
        </div>
        <a
          href={salesChannelsCsvUrl(eventId, report.day)}
          download
          className="text-sm font-medium text-primary hover:underline"
        >
          <Trans>Download as CSV</Trans>
        </a>
      </div>
      {report.rows.length ? (
        <ReportBody report={report} />
      ) : (
        <p className="text-muted-foreground">
          <Trans>No sales yet for this choice.</Trans>
        </p>
      )}
    </section>
  );
}

function ReportBody({ report }: { report: SalesChannelReport }) {
  const { t, i18n } = useLingui();
  const currency = report.currency;
  const money = (cents: number) => formatMoney(cents, currency);
  const label = (row: SalesChannelReport['rows'][number]) =>
    [i18n._(CHANNELS[row.channel]), i18n._(METHODS[row.method]), row.sellerName]
      .filter(Boolean)
      .join(' · ');
  const sum = (pick: (row: SalesChannelReport['rows'][number]) => number) =>
    report.rows.reduce((total, row) => total + pick(row), 0);
  return (
    <>
      <figure className="flex flex-col gap-2 rounded-lg border border-border p-4">
        <figcaption className="text-sm font-semibold">
          <Trans>Tickets and gross by channel</Trans>
        </figcaption>
        <SalesChannelsChart
          ticketsLabel={t`Tickets`}
          grossLabel={t`Gross (${currency})`}
          bars={report.rows.map((row) => ({
            label: label(row),
            tickets: row.tickets,
            gross: Number(minorToDecimalString(row.grossCents, report.currency)),
          }))}
        />
      </figure>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t`Sales by channel`}>
        <table className="w-full text-sm" data-testid="sales-channels-table">
          <thead>
            <tr>
              <th className="p-2 text-start">{t`Channel`}</th>
              <th className="p-2 text-start">{t`Payment method`}</th>
              <th className="p-2 text-start">{t`Seller`}</th>
              <th className="p-2 text-end">{t`Orders`}</th>
              <th className="p-2 text-end">{t`Tickets`}</th>
              <th className="p-2 text-end">{t`Gross`}</th>
              <th className="p-2 text-end">{t`Refunded`}</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={`${row.channel}-${row.method}-${row.sellerId ?? ''}`} className="border-t">
                <td className="p-2">{i18n._(CHANNELS[row.channel])}</td>
                <td className="p-2">{i18n._(METHODS[row.method])}</td>
                <td className="p-2">{row.sellerName ?? '—'}</td>
                <td className="p-2 text-end tabular-nums">{row.orders}</td>
                <td className="p-2 text-end tabular-nums">{row.tickets}</td>
                <td className="p-2 text-end tabular-nums">{money(row.grossCents)}</td>
                <td className="p-2 text-end tabular-nums">{money(row.refundedCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 font-semibold">
              <th scope="row" className="p-2 text-start" colSpan={3}>
                {t`Total`}
              </th>
              <td className="p-2 text-end tabular-nums">{sum((row) => row.orders)}</td>
              <td className="p-2 text-end tabular-nums">{sum((row) => row.tickets)}</td>
              <td className="p-2 text-end tabular-nums">{money(sum((row) => row.grossCents))}</td>
              <td className="p-2 text-end tabular-nums">
                {money(sum((row) => row.refundedCents))}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
