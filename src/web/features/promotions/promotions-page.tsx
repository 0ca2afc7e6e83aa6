import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdCampaign } from '../../../contracts/promotions';
import { PageBody, PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatCalendarDate, formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { IncludedTax } from '../taxes';
import {
  adCampaignAction,
  checkoutAdCampaign,
  myAdCampaignsQuery,
  promotionKeys,
  reportQuery,
} from './api';
import { CampaignForm } from './campaign-form';
import { PLACEMENT_LABELS } from './labels';
import { ctr, ReportChart } from './report-chart';
import { StatusBadge } from './status-badge';

const usd = (cents: number) => formatMoney(cents, 'USD');

/**
 * /ads: sellers buy visibility and see what it earned them. Who may (organizers, vendors,
 * venues, admins) is the route's RoleGuard, declared in routes.tsx.
 */
export function PromotionsPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('campaign');
  const [creating, setCreating] = useState(false);
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`Ads`}
        description={t`Promote your events, services or venue on the home billboard, in lists and on event pages. Campaigns are paid up front and go live after a quick review.`}
        actions={
          !creating && !selected ? (
            <Button onClick={() => setCreating(true)}>
              <Trans>New campaign</Trans>
            </Button>
          ) : null
        }
      />
      {selected ? (
        <CampaignDetail id={selected} onBack={() => setParams({})} />
      ) : creating ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>New campaign</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <CampaignForm onCancel={() => setCreating(false)} />
          </CardContent>
        </Card>
      ) : (
        <CampaignList />
      )}
    </PageBody>
  );
}

function CampaignList() {
  const query = useQuery(myAdCampaignsQuery);
  const { t, i18n } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your campaigns`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Your campaigns could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.campaigns.length === 0)
    return (
      <EmptyState icon={Megaphone} title={t`No campaigns yet`}>
        <p className="text-muted-foreground">
          <Trans>Create one to appear on the home billboard.</Trans>
        </p>
      </EmptyState>
    );
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label={t`Your campaigns`}>
      {query.data.campaigns.map((campaign) => {
        const placement = i18n._(PLACEMENT_LABELS[campaign.placement]);
        const from = formatDate(campaign.startsAt);
        const until = formatDate(campaign.endsAt);
        const impressions = campaign.impressions;
        const clicks = campaign.clicks;
        const spent = usd(campaign.spentCents);
        const budget = usd(campaign.totalBudgetCents);
        const headline = campaign.headline;
        return (
          <li key={campaign.id}>
            <Card className="h-full">
              <CardContent className="flex flex-col gap-2 pt-6">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="text-lg font-bold">{campaign.headline}</h2>
                  <StatusBadge status={campaign.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {placement} · {from} – {until}
                </p>
                <p className="text-sm">
                  <Plural value={impressions} one="# impression" other="# impressions" /> ·{' '}
                  <Plural value={clicks} one="# click" other="# clicks" /> ·{' '}
                  <Trans>
                    spent {spent} of {budget}
                  </Trans>
                </p>
                <Link
                  to={`/ads?campaign=${campaign.id}`}
                  // Not a hidden span: that is a block and would name it "Report : …".
                  aria-label={t`Report: ${headline}`}
                  className={buttonClasses({
                    variant: 'outline',
                    size: 'sm',
                    className: 'self-start',
                  })}
                >
                  <Trans>Report</Trans>
                </Link>
              </CardContent>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

function CampaignDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const client = useQueryClient();
  const { t } = useLingui();
  const query = useQuery({ ...reportQuery(id), refetchInterval: 15_000 });
  const action = useMutation({
    mutationFn: async (verb: 'pause' | 'resume' | 'end' | 'pay') => {
      if (verb === 'pay') {
        const { url } = await checkoutAdCampaign(id);
        window.location.assign(url);
        return;
      }
      await adCampaignAction(id, verb);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: promotionKeys.report(id) });
      void client.invalidateQueries({ queryKey: promotionKeys.mine });
    },
  });
  if (query.isPending) return <Spinner label={t`Loading the report`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`The report could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const { campaign, days } = query.data;
  const spent = usd(campaign.spentCents);
  const budget = usd(campaign.totalBudgetCents);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          <Trans>All campaigns</Trans>
        </Button>
        <h2 className="text-2xl font-bold">{campaign.headline}</h2>
        <StatusBadge status={campaign.status} />
      </div>
      {campaign.status === 'in_review' ? (
        <Alert>
          <Trans>Paid. Your campaign goes live as soon as it has been reviewed.</Trans>
        </Alert>
      ) : null}
      {campaign.status === 'rejected' ? (
        <Alert variant="destructive" title={t`Not approved`}>
          {campaign.reviewNote ?? t`This campaign was not approved.`}{' '}
          <Trans>Your budget has been refunded.</Trans>
        </Alert>
      ) : null}
      {action.isError ? (
        <Alert variant="destructive">{errorMessage(action.error, t`That did not work.`)}</Alert>
      ) : null}
      <Actions campaign={campaign} busy={action.isPending} run={(verb) => action.mutate(verb)} />
      <div className="grid gap-4 sm:grid-cols-4">
        <Stat
          label={t`Impressions`}
          value={String(campaign.impressions)}
          testId="report-impressions"
        />
        <Stat label={t`Clicks`} value={String(campaign.clicks)} testId="report-clicks" />
        <Stat label={t`CTR`} value={ctr(campaign.clicks, campaign.impressions)} />
        <Stat label={t`Spent`} value={t`${spent} of ${budget}`} />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Per day</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {days.length === 0 ? (
            <p className="text-muted-foreground">
              <Trans>No impressions yet.</Trans>
            </p>
          ) : (
            <>
              <ReportChart days={days} />
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">
                    <Trans>Impressions, clicks and spend per day</Trans>
                  </caption>
                  <thead>
                    <tr className="border-b border-border text-start">
                      <th scope="col" className="py-2">
                        <Trans>Day</Trans>
                      </th>
                      <th scope="col" className="py-2 text-end">
                        <Trans>Impressions</Trans>
                      </th>
                      <th scope="col" className="py-2 text-end">
                        <Trans>Clicks</Trans>
                      </th>
                      <th scope="col" className="py-2 text-end">
                        <Trans>CTR</Trans>
                      </th>
                      <th scope="col" className="py-2 text-end">
                        <Trans>Spend</Trans>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {days.map((d) => (
                      <tr key={d.day} className="border-b border-border/60">
                        <th scope="row" className="py-2 text-start font-normal">
                          {formatCalendarDate(d.day)}
                        </th>
                        <td className="py-2 text-end">{d.impressions}</td>
                        <td className="py-2 text-end">{d.clicks}</td>
                        <td className="py-2 text-end">{ctr(d.clicks, d.impressions)}</td>
                        <td className="py-2 text-end">{usd(d.spendCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function Actions({
  campaign,
  busy,
  run,
}: {
  campaign: AdCampaign;
  busy: boolean;
  run: (verb: 'pause' | 'resume' | 'end' | 'pay') => void;
}) {
  const budget = usd(campaign.totalBudgetCents);
  return (
    <div className="flex flex-wrap gap-3">
      {campaign.status === 'awaiting_payment' ? (
        <>
          <Button disabled={busy} onClick={() => run('pay')}>
            <Trans>Pay {budget}</Trans>
          </Button>
          <IncludedTax kind="ad_budget" itemId={campaign.id} className="self-center" />
        </>
      ) : null}
      {campaign.status === 'live' ? (
        <Button variant="outline" disabled={busy} onClick={() => run('pause')}>
          <Trans>Pause</Trans>
        </Button>
      ) : null}
      {campaign.status === 'paused' ? (
        <Button disabled={busy} onClick={() => run('resume')}>
          <Trans>Resume</Trans>
        </Button>
      ) : null}
      {['live', 'paused', 'awaiting_payment'].includes(campaign.status) ? (
        <Button variant="destructive" disabled={busy} onClick={() => run('end')}>
          <Trans>End campaign</Trans>
        </Button>
      ) : null}
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 pt-6">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-bold" data-testid={testId}>
          {value}
        </span>
      </CardContent>
    </Card>
  );
}
