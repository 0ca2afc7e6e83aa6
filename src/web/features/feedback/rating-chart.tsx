import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { isLocale, isRightToLeft } from '../../../contracts/locales';
import { currentIntlLocale } from '../../lib/intl-locale';

// Only the results page imports this file, so chart.js stays out of other chunks.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const STARS = [msg`5 stars`, msg`4 stars`, msg`3 stars`, msg`2 stars`, msg`1 star`];

/**
 * How many gave each number of stars: horizontal bars, and the same numbers in a table (the
 * canvas is hidden from screen readers; the table is what they read).
 */
export function RatingChart({ distribution, title }: { distribution: number[]; title: string }) {
  const counts = [...distribution].reverse();
  const total = distribution.reduce((a, b) => a + b, 0);
  const { t, i18n } = useLingui();
  const labels = STARS.map((label) => i18n._(label));
  // Right to left, the bars grow from the right with their labels on that side, like the text.
  const rtl = isLocale(i18n.locale) && isRightToLeft(i18n.locale);
  const percent = new Intl.NumberFormat(currentIntlLocale(), {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  return (
    <figure className="flex flex-col gap-3">
      <figcaption className="text-sm font-semibold">{title}</figcaption>
      <div className="h-48" aria-hidden="true">
        <Bar
          options={{
            indexAxis: 'y',
            maintainAspectRatio: false,
            animation: false,
            responsive: true,
            scales: {
              x: { beginAtZero: true, reverse: rtl, ticks: { precision: 0 } },
              y: { position: rtl ? 'right' : 'left' },
            },
            plugins: { tooltip: { enabled: true } },
          }}
          data={{
            labels,
            datasets: [{ label: t`Ratings`, data: counts, backgroundColor: '#f59e0b' }],
          }}
        />
      </div>
      <table className="w-full max-w-sm text-start text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1">
              <Trans>Rating</Trans>
            </th>
            <th scope="col" className="px-2 py-1 text-end">
              <Trans>Ratings</Trans>
            </th>
            <th scope="col" className="px-2 py-1 text-end">
              <Trans>Share</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label} className="border-t border-border">
              <th scope="row" className="px-2 py-1 font-normal">
                {label}
              </th>
              <td className="px-2 py-1 text-end tabular-nums">{counts[i]}</td>
              <td className="px-2 py-1 text-end tabular-nums">
                {percent.format(total ? (counts[i] ?? 0) / total : 0)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
