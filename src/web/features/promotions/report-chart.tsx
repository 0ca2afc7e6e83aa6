import { Trans, useLingui } from '@lingui/react/macro';
import type { AdCampaignReport } from '../../../contracts/promotions';
import { formatCalendarDate } from '../../lib/dates';
import { currentIntlLocale } from '../../lib/intl-locale';

type Day = AdCampaignReport['days'][number];

/** Click-through rate as the page's language writes a percentage ("2.5%", "2,5 %"). */
export const ctr = (clicks: number, impressions: number) =>
  impressions > 0
    ? new Intl.NumberFormat(currentIntlLocale(), {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(clicks / impressions)
    : '–';

/** Impressions (bars) and clicks (narrow bars) per day, drawn as plain SVG. */
export function ReportChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.impressions), ...days.map((d) => d.clicks));
  const width = 600;
  const height = 140;
  const step = width / Math.max(days.length, 1);
  const impressions = days.reduce((sum, d) => sum + d.impressions, 0);
  const clicks = days.reduce((sum, d) => sum + d.clicks, 0);
  const { t } = useLingui();
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${width} ${height + 4}`}
        role="img"
        aria-label={t`Impressions and clicks per day. Impressions: ${impressions}. Clicks: ${clicks}.`}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        {days.map((d, i) => {
          const h = (d.impressions / max) * height;
          const c = (d.clicks / max) * height;
          const date = formatCalendarDate(d.day);
          const dayImpressions = d.impressions;
          const dayClicks = d.clicks;
          return (
            <g key={d.day}>
              <title>{t`${date}: impressions: ${dayImpressions}, clicks: ${dayClicks}`}</title>
              <rect
                x={i * step + 1}
                y={height - h}
                width={Math.min(step * 0.55, 60)}
                height={h}
                className="fill-primary/60"
              />
              <rect
                x={i * step + Math.min(step * 0.55, 60)}
                y={height - c}
                width={Math.min(step * 0.35, 40)}
                height={c}
                className="fill-emerald-600"
              />
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-primary/60" />
          <Trans>Impressions</Trans>
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-emerald-600" />
          <Trans>Clicks</Trans>
        </span>
      </figcaption>
    </figure>
  );
}
