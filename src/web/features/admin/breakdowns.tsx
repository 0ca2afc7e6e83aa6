import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Analytics } from '../../../contracts/admin';
import { Card, CardContent } from '../../components/ui/card';
import { apiGet } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';

/** The spec §2 rating dialog's `rating_type`s, as the analytics table names them. */
const RATING_TYPE_LABELS: Record<string, string> = {
  signup: 'Sign-up',
  checkout: 'Checkout',
  event_creation: 'Creating an event',
};

/** The analytics breakdowns over the chosen period, each as a captioned table. */
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
        head={['Category', 'Tickets', 'Revenue']}
        rows={data.revenueByCategory.map((r) => [
          r.category,
          r.tickets,
          formatMoney(r.cents, r.currency),
        ])}
      />
      <Table
        caption="Sign-ups by account type"
        head={['Account type', 'Sign-ups']}
        rows={data.signupsByType.map((r) => [r.userType, r.count])}
      />
      <Table
        caption="Top events"
        head={['Event', 'Tickets', 'Revenue']}
        rows={data.topEvents.map((r) => [r.title, r.tickets, formatMoney(r.cents, r.currency)])}
      />
      <Table
        caption="Top vendors (fees paid)"
        head={['Vendor', 'Fees', 'Paid']}
        rows={data.topVendors.map((r) => [
          r.name || '(no name)',
          r.orders,
          formatMoney(r.cents, 'USD'),
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

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Card>
      <CardContent className="overflow-x-auto p-4">
        <table className="w-full text-sm">
          <caption className="mb-2 text-left font-semibold">{caption}</caption>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={i ? 'text-right' : 'text-left'}>
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
                    <td key={i} className={i ? 'py-1 text-right tabular-nums' : 'py-1 break-words'}>
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
