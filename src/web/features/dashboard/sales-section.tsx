import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import type { HostDashboard } from '../../../contracts/dashboard';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { lazyPage } from '../../app/lazy-page';
import { formatMoney } from '../../lib/money';
import { dayLabel } from './day-label';
import { money, salesDays, Section } from './dashboard-section';

// chart.js loads only when a dashboard with sales draws its chart.
const SalesChart = lazyPage(() => import('./sales-chart').then((m) => m.SalesChart));

/** Tickets and revenue of the last days: the chart, and the days with sales as a table. */
export function SalesSection({ board }: { board: HostDashboard }) {
  const { days, tickets, revenue } = board.sales;
  const currencies = [...new Set(days.flatMap((d) => d.revenue.map((r) => r.currency)))].sort();
  const sold = days.filter((d) => d.tickets > 0 || d.revenue.length > 0);
  const { t } = useLingui();
  const amount = money(revenue, t`no revenue`);
  return (
    <Section id="sales-title" title={t`Sales, last ${salesDays} days`}>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-sm">
            <Trans>
              <span className="font-semibold">
                <Plural value={tickets} one="# ticket" other="# tickets" />
              </span>{' '}
              · <span className="font-semibold">{amount}</span>
            </Trans>
          </p>
          {tickets === 0 && revenue.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No tickets sold in the last {salesDays} days.</Trans>
            </p>
          ) : (
            <>
              <Suspense fallback={<Spinner label={t`Loading the chart`} />}>
                <SalesChart days={days} />
              </Suspense>
              <div className="overflow-x-auto">
                <table className="w-full text-start text-sm">
                  <caption className="mb-2 text-start text-sm font-semibold">
                    <Trans>Days with sales</Trans>
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col" className="px-2 py-1">
                        <Trans>Day</Trans>
                      </th>
                      <th scope="col" className="px-2 py-1 text-end">
                        <Trans>Tickets</Trans>
                      </th>
                      {currencies.map((c) => (
                        <th key={c} scope="col" className="px-2 py-1 text-end">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {sold.map((day) => (
                      <tr key={day.date} className="border-t border-border">
                        <th scope="row" className="px-2 py-1 font-normal">
                          {dayLabel(day.date)}
                        </th>
                        <td className="px-2 py-1 text-end">{day.tickets}</td>
                        {currencies.map((c) => (
                          <td key={c} className="px-2 py-1 text-end">
                            {formatMoney(day.revenue.find((r) => r.currency === c)?.cents ?? 0, c)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </Section>
  );
}
