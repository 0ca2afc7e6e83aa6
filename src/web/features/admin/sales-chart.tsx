import { Trans } from '@lingui/react/macro';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { Overview } from '../../../contracts/admin';
import { formatCalendarDate } from '../../lib/dates';
import { currentIntlLocale } from '../../lib/intl-locale';
import { formatMoney } from '../../lib/money';
import { chartDirection } from './breakdown-chart';

// Only the routes that draw a chart import this file, so chart.js stays out of other chunks.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed'];

/** Sales per day as bars per currency, and the same numbers in a table (the canvas is not read). */
export function SalesChart({ sales, title }: { sales: Overview['salesByDay']; title: string }) {
  const days = [...new Set(sales.map((s) => s.day))].sort();
  const currencies = [...new Set(sales.map((s) => s.currency))].sort();
  const cents = (day: string, currency: string) =>
    sales.find((s) => s.day === day && s.currency === currency)?.cents ?? 0;
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      {sales.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>No paid orders in this period.</Trans>
        </p>
      ) : (
        <>
          <div className="h-64" aria-hidden="true">
            <Bar
              options={{
                maintainAspectRatio: false,
                animation: false,
                responsive: true,
                locale: currentIntlLocale(),
                ...chartDirection(),
              }}
              data={{
                labels: days.map((day) => formatCalendarDate(day)),
                datasets: currencies.map((currency, i) => ({
                  label: currency,
                  data: days.map((day) => cents(day, currency) / 100),
                  backgroundColor: COLOURS[i % COLOURS.length],
                })),
              }}
            />
          </div>
          <details>
            <summary className="cursor-pointer text-sm text-muted-foreground">
              <Trans>The chart’s numbers</Trans>
            </summary>
            <div className="overflow-x-auto">
              <table className="mt-2 w-full text-start text-sm">
                <caption className="sr-only">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="px-2 py-1">
                      <Trans>Day</Trans>
                    </th>
                    {currencies.map((c) => (
                      <th key={c} scope="col" className="px-2 py-1 text-end">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {days.map((day) => (
                    <tr key={day} className="border-t border-border">
                      <th scope="row" className="px-2 py-1 font-normal">
                        {formatCalendarDate(day)}
                      </th>
                      {currencies.map((c) => (
                        <td key={c} className="px-2 py-1 text-end">
                          {formatMoney(cents(day, c), c)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
