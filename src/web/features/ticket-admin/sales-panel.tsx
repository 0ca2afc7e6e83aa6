import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../../components/ui/spinner';
import { LoadFailed } from '../../components/query-states';
import { currentIntlLocale } from '../../lib/intl-locale';
import { formatMoney } from '../../lib/money';
import { salesQuery } from './api';

const formatNumber = (n: number) => new Intl.NumberFormat(currentIntlLocale()).format(n);

/** Live counters of an event (refreshed every 10 s) with a small free/paid bar chart. */
export function SalesPanel({ eventId, currency }: { eventId: string; currency: string }) {
  const { t } = useLingui();
  const query = useQuery(salesQuery(eventId));
  if (query.isPending) return <Spinner label={t`Loading sales`} />;
  if (query.isError) {
    return (
      <LoadFailed
        title={t`Sales could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const s = query.data;
  const stats = [
    { key: 'sold', label: t`Tickets sold`, value: formatNumber(s.totalTicketsSold) },
    { key: 'earnings', label: t`Earnings`, value: formatMoney(s.earningsCents, currency) },
    { key: 'checkedIn', label: t`Checked in`, value: formatNumber(s.checkedIn) },
    { key: 'held', label: t`Held in checkouts`, value: formatNumber(s.held) },
    { key: 'signups', label: t`Sign-ups`, value: formatNumber(s.signupCount) },
  ];
  const bars = [
    { key: 'free', label: t`Free`, value: s.freeTicketsSold, className: 'bg-success' },
    { key: 'paid', label: t`Paid`, value: s.paidTicketsSold, className: 'bg-primary' },
  ];
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <section aria-labelledby="sales-title" className="flex flex-col gap-4">
      <h2 id="sales-title" className="text-xl font-bold">
        <Trans>Live sales</Trans>
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {stats.map((stat) => (
          <div key={stat.key} className="rounded-lg border border-border p-3">
            <dt className="text-xs font-medium text-muted-foreground uppercase">{stat.label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <figure className="flex flex-col gap-2 rounded-lg border border-border p-4">
        <figcaption className="text-sm font-semibold">
          <Trans>Tickets sold: free and paid</Trans>
        </figcaption>
        {bars.map((bar) => (
          <div key={bar.key} className="grid grid-cols-[auto_1fr_3rem] items-center gap-2 text-sm">
            <span>{bar.label}</span>
            <span className="h-4 overflow-hidden rounded bg-muted" aria-hidden="true">
              <span
                className={`block h-full rounded ${bar.className}`}
                style={{ width: `${(bar.value / max) * 100}%` }}
              />
            </span>
            <span className="text-end tabular-nums">{formatNumber(bar.value)}</span>
          </div>
        ))}
      </figure>
      <p className="text-xs text-muted-foreground">
        <Trans>Updates every 10 seconds.</Trans>
      </p>
    </section>
  );
}
