import { useLingui } from '@lingui/react/macro';
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { SalesDay } from '../../../contracts/dashboard';
import { dayLabel } from './day-label';

// Only the host dashboard imports this file, lazily: chart.js stays out of every other chunk.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** Tickets sold per day as bars; the page shows the same numbers in a table (the canvas is not read). */
export function SalesChart({ days }: { days: readonly SalesDay[] }) {
  const { t } = useLingui();
  return (
    <div className="h-56" aria-hidden="true">
      <Bar
        options={{
          maintainAspectRatio: false,
          animation: false,
          responsive: true,
          plugins: { legend: { display: false } },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        }}
        data={{
          labels: days.map((d) => dayLabel(d.date)),
          datasets: [
            {
              label: t`Tickets sold`,
              data: days.map((d) => d.tickets),
              // The product's primary colour (styles.css --color-primary).
              backgroundColor: '#6d28d9',
            },
          ],
        }}
      />
    </div>
  );
}
