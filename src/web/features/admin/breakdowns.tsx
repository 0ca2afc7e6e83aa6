import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Analytics } from '../../../contracts/admin';
import { Card, CardContent } from '../../components/ui/card';
import { apiGet } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import {
  formatCount,
  formatOneDecimal,
  formatShare,
  labelOf,
  USER_TYPE_LABELS,
} from './admin-labels';
import { adminKeys } from './api';
import { BreakdownChart } from './breakdown-chart';

/** The spec §2 rating dialog's `rating_type`s, as the analytics table names them. */
const RATING_TYPE_LABELS: Record<string, MessageDescriptor> = {
  signup: msg`Sign-up`,
  checkout: msg`Checkout`,
  event_creation: msg`Creating an event`,
};

/** Per-currency series of a breakdown keyed by label (revenue comes in several currencies). */
function byCurrency<T extends { currency: string; cents: number }>(
  rows: T[],
  labelOf: (row: T) => string,
) {
  const labels = [...new Set(rows.map(labelOf))];
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  return {
    labels,
    series: currencies.map((currency) => ({
      label: currency,
      values: labels.map(
        (label) =>
          rows
            .filter((r) => r.currency === currency && labelOf(r) === label)
            .reduce((sum, r) => sum + r.cents, 0) / 100,
      ),
    })),
  };
}

/** The analytics breakdowns over the chosen period, each as a chart over a captioned table. */
export function Breakdowns({ days }: { days: number }) {
  const { t, i18n } = useLingui();
  const data = useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: ({ signal }) => apiGet<Analytics>(`/api/admin/analytics?days=${days}`, { signal }),
  }).data;
  if (!data) return null;
  const typeLabel = (value: string) => labelOf(USER_TYPE_LABELS, value, (d) => i18n._(d));
  const unnamed = t`(no name)`;
  const share = formatShare(data.conversion.orders, data.conversion.views);
  const orders = data.conversion.orders;
  const views = data.conversion.views;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Table
        caption={t`Revenue by category`}
        chart={<BreakdownChart {...byCurrency(data.revenueByCategory, (r) => r.category)} />}
        head={[t`Category`, t`Tickets`, t`Revenue`]}
        rows={data.revenueByCategory.map((r) => [
          r.category,
          formatCount(r.tickets),
          formatMoney(r.cents, r.currency),
        ])}
      />
      <Table
        caption={t`Sign-ups by account type`}
        chart={
          <BreakdownChart
            labels={data.signupsByType.map((r) => typeLabel(r.userType))}
            series={[{ label: t`Sign-ups`, values: data.signupsByType.map((r) => r.count) }]}
          />
        }
        head={[t`Account type`, t`Sign-ups`]}
        rows={data.signupsByType.map((r) => [typeLabel(r.userType), formatCount(r.count)])}
      />
      <Table
        caption={t`Top events`}
        chart={
          <BreakdownChart
            horizontal
            labels={data.topEvents.map((r) => r.title)}
            series={[{ label: t`Tickets`, values: data.topEvents.map((r) => r.tickets) }]}
          />
        }
        head={[t`Event`, t`Tickets`, t`Revenue`]}
        rows={data.topEvents.map((r) => [
          r.title,
          formatCount(r.tickets),
          formatMoney(r.cents, r.currency),
        ])}
      />
      <Table
        caption={t`Top vendors (fees paid)`}
        chart={
          <BreakdownChart
            horizontal
            labels={data.topVendors.map((r) => r.name || unnamed)}
            series={[{ label: t`Paid (USD)`, values: data.topVendors.map((r) => r.cents / 100) }]}
          />
        }
        head={[t`Vendor`, t`Fees`, t`Paid`]}
        rows={data.topVendors.map((r) => [
          r.name || unnamed,
          formatCount(r.orders),
          formatMoney(r.cents, 'USD'),
        ])}
      />
      <Table
        caption={t`From event page views to orders: ${share} (${plural(orders, {
          one: '# order',
          other: '# orders',
        })} from ${plural(views, { one: '# view', other: '# views' })})`}
        chart={
          <BreakdownChart
            horizontal
            labels={data.conversion.events.map((r) => r.title)}
            series={[
              { label: t`Views`, values: data.conversion.events.map((r) => r.views) },
              { label: t`Orders`, values: data.conversion.events.map((r) => r.orders) },
            ]}
          />
        }
        head={[t`Most viewed events`, t`Views`, t`Orders`, t`Conversion`]}
        rows={data.conversion.events.map((r) => [
          r.title,
          formatCount(r.views),
          formatCount(r.orders),
          formatShare(r.orders, r.views),
        ])}
      />
      <Table
        caption={t`Experience ratings by type (1 super easy – 10 most difficult)`}
        head={[t`Asked after`, t`Ratings`, t`Average`]}
        rows={data.ratingsByType.map((r) => [
          labelOf(RATING_TYPE_LABELS, r.ratingType, (d) => i18n._(d)),
          formatCount(r.count),
          formatOneDecimal(r.average),
        ])}
      />
    </div>
  );
}

function Table({
  caption,
  head,
  rows,
  chart,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  /** Drawn above the table; the table keeps the numbers (the canvas is not read out). */
  chart?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="overflow-x-auto p-4">
        {chart}
        <table className="w-full text-sm">
          <caption className="mb-2 text-start font-semibold">{caption}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i ? 'px-1 text-end' : 'pe-1 text-start'}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length ? (
              rows.map((row, r) => (
                <tr key={r} className="border-t border-border">
                  {row.map((cell, i) => (
                    <td
                      key={i}
                      className={i ? 'px-1 py-1 text-end tabular-nums' : 'py-1 pe-1 break-words'}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={head.length} className="py-2 text-muted-foreground">
                  <Trans>Nothing in this period.</Trans>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
