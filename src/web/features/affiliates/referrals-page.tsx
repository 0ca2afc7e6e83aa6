import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { PageBody, PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Link2 } from 'lucide-react';
import { dashboardQuery } from './api';
import { AffiliateNav, CopyButton, DailyChart, SignedInOnly, Stat, usd } from './parts';

function Referrals() {
  const query = useQuery({ ...dashboardQuery, refetchInterval: 15_000 });
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your links`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Your links could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  if (!data.joined)
    return (
      <EmptyState icon={Link2} title={t`You are not an affiliate yet`}>
        <Link to="/affiliate" className={buttonClasses()}>
          <Trans>Join the program</Trans>
        </Link>
      </EmptyState>
    );
  const totals = data.links.reduce(
    (sum, link) => ({
      clicks: sum.clicks + link.clicks,
      conversions: sum.conversions + link.conversions,
      earnings: sum.earnings + link.earningsCents,
    }),
    { clicks: 0, conversions: 0, earnings: 0 },
  );
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label={t`Clicks`} value={<span data-testid="total-clicks">{totals.clicks}</span>} />
        <Stat
          label={t`Conversions`}
          value={<span data-testid="total-conversions">{totals.conversions}</span>}
        />
        <Stat label={t`Earnings`} value={usd(totals.earnings)} hint={t`After refunds`} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Last 30 days</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <DailyChart daily={data.daily} />
        </CardContent>
      </Card>
      <section aria-labelledby="links-title" className="flex flex-col gap-3">
        <h2 id="links-title" className="text-xl font-bold">
          <Trans>Your links</Trans>
        </h2>
        {data.links.length === 0 ? (
          <p className="text-muted-foreground">
            <Trans>No event takes referrals yet. Your site-wide link still works:</Trans>
          </p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {data.links.map((link) => {
            const clicks = link.clicks;
            const conversions = link.conversions;
            return (
              <li
                key={link.eventId ?? 'site'}
                className="flex flex-col gap-2 rounded-lg border border-border p-4"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{link.eventTitle ?? t`Whole site`}</span>
                  <span className="text-sm text-muted-foreground">
                    <Plural value={clicks} one="# click" other="# clicks" /> ·{' '}
                    <Plural value={conversions} one="# conversion" other="# conversions" /> ·{' '}
                    {usd(link.earningsCents)}
                  </span>
                </div>
                <div className="flex items-center gap-2">
                  <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs">
                    {link.url}
                  </code>
                  <LinkCopyButton url={link.url} eventTitle={link.eventTitle} />
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function LinkCopyButton({ url, eventTitle }: { url: string; eventTitle: string | null }) {
  const { t } = useLingui();
  const title = eventTitle;
  return eventTitle === null ? (
    <CopyButton
      text={url}
      label={t`Copy the link for the whole site`}
      copiedLabel={t`Link for the whole site copied`}
    />
  ) : (
    <CopyButton
      text={url}
      label={t`Copy the link for ${title}`}
      copiedLabel={t`Link for ${title} copied`}
    />
  );
}

/** spec §2 /referrals: links per event with clicks, conversions and earnings, and a chart. */
export function ReferralsPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader title={t`Referrals`} description={t`Your links, and what they brought in.`} />
      <AffiliateNav />
      <SignedInOnly here="/referrals">
        <Referrals />
      </SignedInOnly>
    </PageBody>
  );
}
