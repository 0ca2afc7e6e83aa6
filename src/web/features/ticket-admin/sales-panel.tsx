import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/ui/spinner';
import { LoadFailed } from '../../components/query-states';
import { formatMoney } from '../../lib/money';
import { salesQuery } from './api';

/** Live counters of an event (refreshed every 10 s) with a small free/paid bar chart. */
export function SalesPanel({ eventId, currency }: { eventId: string; currency: string }) {
  const query = useQuery(salesQuery(eventId));
  if (query.isPending) return <Spinner label="Loading sales" />;
  if (query.isError) {
    return (
      <LoadFailed
        title="Sales could not be loaded"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const s = query.data;
  const stats = [
    { label: 'Tickets sold', value: String(s.totalTicketsSold) },
    { label: 'Earnings', value: formatMoney(s.earningsCents, currency) },
    { label: 'Checked in', value: String(s.checkedIn) },
    { label: 'Held in checkouts', value: String(s.held) },
    { label: 'Sign-ups', value: String(s.signupCount) },
  ];
  const bars = [
    { label: 'Free', value: s.freeTicketsSold, className: 'bg-success' },
    { label: 'Paid', value: s.paidTicketsSold, className: 'bg-primary' },
  ];
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <section aria-labelledby="sales-title" className="flex flex-col gap-4">
      <h2 id="sales-title" className="text-xl font-bold">
        Live sales
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg border border-border p-3">
            <dt className="text-xs font-medium text-muted-foreground uppercase">{stat.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <figure className="flex flex-col gap-2 rounded-lg border border-border p-4">
        <figcaption className="text-sm font-semibold">Tickets sold: free and paid</figcaption>
        {bars.map((bar) => (
          <div
            key={bar.label}
            className="grid grid-cols-[3rem_1fr_3rem] items-center gap-2 text-sm"
          >
            <span>{bar.label}</span>
            <span className="h-4 overflow-hidden rounded bg-muted" aria-hidden="true">
              <span
                className={`block h-full rounded ${bar.className}`}
                style={{ width: `${(bar.value / max) * 100}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{bar.value}</span>
          </div>
        ))}
      </figure>
      <p className="text-xs text-muted-foreground">Updates every 10 seconds.</p>
    </section>
  );
}
