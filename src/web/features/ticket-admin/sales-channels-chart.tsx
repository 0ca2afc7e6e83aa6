import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';

// Only the sales-by-channel page imports this file, and that page loads lazily: chart.js stays
// out of every other chunk.
ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

interface ChannelBar {
  label: string;
  tickets: number;
  gross: number;
}

/** Tickets and gross per row of the report; the page shows the same numbers in its table. */
export function SalesChannelsChart({
  bars,
  ticketsLabel,
  grossLabel,
}: {
  bars: readonly ChannelBar[];
  ticketsLabel: string;
  grossLabel: string;
}) {
  return (
    <div className="h-64" aria-hidden="true" data-testid="sales-channels-chart">
      <Bar
        options={{
          maintainAspectRatio: false,
          animation: false,
          responsive: true,
          scales: {
            tickets: {
              type: 'linear',
              position: 'left',
              beginAtZero: true,
              ticks: { precision: 0 },
            },
            gross: {
              type: 'linear',
              position: 'right',
              beginAtZero: true,
              grid: { drawOnChartArea: false },
            },
          },
        }}
        data={{
          labels: bars.map((bar) => bar.label),
          datasets: [
            {
              label: ticketsLabel,
              data: bars.map((bar) => bar.tickets),
              yAxisID: 'tickets',
              // The product's primary colour (styles.css --color-primary).
              backgroundColor: '#6d28d9',
            },
            {
              label: grossLabel,
              data: bars.map((bar) => bar.gross),
              yAxisID: 'gross',
              // The success colour (styles.css --color-success).
              backgroundColor: '#166534',
            },
          ],
        }}
      />
    </div>
  );
}
