import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Analytics } from '../../../contracts/admin';
import { Card, CardContent } from '../../components/ui/card';
import { apiGet } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { BreakdownChart } from './breakdown-chart';

/** The spec §2 rating dialog's `rating_type`s, as the analytics table names them. */
const RATING_TYPE_LABELS: Record<string, string> = {
  signup: 'Sign-up',
  checkout: 'Checkout',
  event_creation: 'Creating an event',
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

const percent = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–';

/** The analytics breakdowns over the chosen period, each as a chart over a captioned table. */
export function Breakdowns({ days }: { days: number }) {
  const data = useQuery({
    queryKey: ['admin', 'analytics', days],
    queryFn: ({ signal }) => apiGet<Analytics>(`/api/admin/analytics?days=${days}`, { signal }),
  }).data;
  if (!data) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Table
        caption="Revenue by category"
        chart={<BreakdownChart {...byCurrency(data.revenueByCategory, (r) => r.category)} />}
        head={['Category', 'Tickets', 'Revenue']}
        rows={data.revenueByCategory.map((r) => [
          r.category,
          r.tickets,
          formatMoney(r.cents, r.currency),
        ])}
      />
      <Table
        caption="Sign-ups by account type"
        chart={
          <BreakdownChart
            labels={data.signupsByType.map((r) => r.userType)}
            series={[{ label: 'Sign-ups', values: data.signupsByType.map((r) => r.count) }]}
          />
        }
        head={['Account type', 'Sign-ups']}
        rows={data.signupsByType.map((r) => [r.userType, r.count])}
      />
      <Table
        caption="Top events"
        chart={
          <BreakdownChart
            horizontal
            labels={data.topEvents.map((r) => r.title)}
            series={[{ label: 'Tickets', values: data.topEvents.map((r) => r.tickets) }]}
          />
        }
        head={['Event', 'Tickets', 'Revenue']}
        rows={data.topEvents.map((r) => [r.title, r.tickets, formatMoney(r.cents, r.currency)])}
      />
      <Table
        caption="Top vendors (fees paid)"
        chart={
          <BreakdownChart
            horizontal
            labels={data.topVendors.map((r) => r.name || '(no name)')}
            series={[{ label: 'Paid (USD)', values: data.topVendors.map((r) => r.cents / 100) }]}
          />
        }
        head={['Vendor', 'Fees', 'Paid']}
        rows={data.topVendors.map((r) => [
          r.name || '(no name)',
          r.orders,
          formatMoney(r.cents, 'USD'),
        ])}
      />
      <Table
        caption={`From event page views to orders: ${percent(data.conversion.orders, data.conversion.views)} (${data.conversion.orders} orders from ${data.conversion.views} views)`}
        chart={
          <BreakdownChart
            horizontal
            labels={data.conversion.events.map((r) => r.title)}
            series={[
              { label: 'Views', values: data.conversion.events.map((r) => r.views) },
              { label: 'Orders', values: data.conversion.events.map((r) => r.orders) },
            ]}
          />
        }
        head={['Most viewed events', 'Views', 'Orders', 'Conversion']}
        rows={data.conversion.events.map((r) => [
          r.title,
          r.views,
          r.orders,
          percent(r.orders, r.views),
        ])}
      />
      <Table
        caption="Experience ratings by type (1 super easy – 10 most difficult)"
        head={['Asked after', 'Ratings', 'Average']}
        rows={data.ratingsByType.map((r) => [
          RATING_TYPE_LABELS[r.ratingType] ?? r.ratingType,
          r.count,
          r.average.toFixed(1),
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
                <th key={h} scope="col" className={i ? 'text-end' : 'text-start'}>
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
                    <td key={i} className={i ? 'py-1 text-end tabular-nums' : 'py-1 break-words'}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={head.length} className="py-2 text-muted-foreground">
                  Nothing in this period.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
