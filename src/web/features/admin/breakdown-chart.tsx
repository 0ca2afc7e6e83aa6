import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { currentIntlLocale } from '../../lib/intl-locale';

// Imported only by the analytics page's chunk (like sales-chart.tsx), so chart.js loads with
// the admin area and never on the public pages.
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip, Legend);

const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed'];
const LABEL_MAX = 28;

/**
 * Chart.js draws on a canvas, which the page's direction does not reach: in a right-to-left
 * language the categories run from the right and the value axis stands on the right, like the
 * tables below them.
 */
export function chartDirection() {
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  if (!rtl) return {};
  return {
    scales: { x: { reverse: true }, y: { position: 'right' as const } },
    plugins: { legend: { rtl: true }, tooltip: { rtl: true } },
  };
}

const short = (label: string) =>
  label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1)}…` : label;

/**
 * One breakdown as bars. The canvas is hidden from assistive technology: the same numbers are
 * in the table next to it, which is what screen readers and keyboard users read.
 */
export function BreakdownChart({
  labels,
  series,
  horizontal = false,
}: {
  labels: string[];
  series: { label: string; values: number[] }[];
  /** Bars across, for long labels (event and vendor names). */
  horizontal?: boolean;
}) {
  if (!labels.length) return null;
  const direction = chartDirection();
  const height = horizontal ? Math.max(160, labels.length * 28 + 48) : 224;
  return (
    <div className="relative mb-3 w-full" style={{ height }} aria-hidden="true">
      <Bar
        options={{
          indexAxis: horizontal ? 'y' : 'x',
          maintainAspectRatio: false,
          animation: false,
          responsive: true,
          locale: currentIntlLocale(),
          ...direction,
          plugins: {
            ...direction.plugins,
            legend: { ...direction.plugins?.legend, display: series.length > 1 },
          },
        }}
        data={{
          labels: labels.map(short),
          datasets: series.map((s, i) => ({
            label: s.label,
            data: s.values,
            backgroundColor: COLOURS[i % COLOURS.length],
          })),
        }}
      />
    </div>
  );
}
