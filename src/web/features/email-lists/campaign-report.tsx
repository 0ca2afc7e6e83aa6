import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Campaign } from '../../../contracts/marketing';
import { formatDateTime } from '../../lib/dates';
import { currentIntlLocale } from '../../lib/intl-locale';

/** A campaign's figures: sent, opens, clicks, unsubscribes, bounces, and any refusal. */
export function CampaignReport({ campaign }: { campaign: Campaign }) {
  const { t } = useLingui();
  const s = campaign.stats;
  const locale = currentIntlLocale();
  const figures: [string, number][] = [
    [t`Sent`, s.sent],
    [t`Opens`, s.opens],
    [t`Clicks`, s.clicks],
    [t`Unsubscribes`, s.unsubscribes],
    [t`Bounces`, s.bounces],
  ];
  // Refused for another reason than the address (content, policy): shown when it happened.
  if (s.failed > 0) figures.push([t`Refused`, s.failed]);
  // Marked as spam, as the mail provider reported it (POST /api/marketing/bounces).
  if (s.complaints > 0) figures.push([t`Spam complaints`, s.complaints]);
  const max = Math.max(1, ...s.timeline.map((p) => p.opens + p.clicks));
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
        {figures.map(([label, n]) => (
          <div key={label} className="rounded-md bg-muted px-3 py-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{n.toLocaleString(locale)}</dd>
          </div>
        ))}
      </dl>
      {s.timeline.some((p) => p.opens + p.clicks > 0) ? (
        <figure>
          <figcaption className="text-xs text-muted-foreground">
            <Trans>
              Opens and clicks per hour (opens are counted only where the mail program loads images)
            </Trans>
          </figcaption>
          <ol className="mt-1 flex h-16 items-end gap-1" aria-label={t`Opens and clicks per hour`}>
            {s.timeline.map((p) => {
              const hour = formatDateTime(p.hour);
              const { opens, clicks } = p;
              return (
                <li
                  key={p.hour}
                  className="w-3 rounded-t bg-primary"
                  style={{ height: `${Math.max(4, ((opens + clicks) / max) * 100)}%` }}
                  aria-label={t`${hour}: ${plural(opens, { one: '# open', other: '# opens' })}, ${plural(clicks, { one: '# click', other: '# clicks' })}`}
                />
              );
            })}
          </ol>
        </figure>
      ) : null}
    </div>
  );
}
