import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { EmptyState, LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { approveAdCampaign, promotionKeys, rejectAdCampaign, reviewQuery } from './api';
import { PLACEMENT_LABELS } from './labels';

/** /admin/ads: paid campaigns waiting for approval; a rejection refunds the budget. */
export function PromotionReviewPage() {
  const client = useQueryClient();
  const query = useQuery(reviewQuery);
  const { t, i18n } = useLingui();
  const decide = useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      approve
        ? approveAdCampaign(id)
        : rejectAdCampaign(id, window.prompt(t`Reason (shown to the seller)`) ?? ''),
    onSuccess: () => void client.invalidateQueries({ queryKey: promotionKeys.review }),
  });
  return (
    <div>
      <PageHeader
        title={t`Ad review`}
        description={t`Approve paid campaigns or reject them with a full refund.`}
      />
      {decide.isError ? (
        <Alert variant="destructive">{errorMessage(decide.error, t`That did not work.`)}</Alert>
      ) : null}
      {query.isPending ? (
        <Spinner label={t`Loading campaigns`} />
      ) : query.isError ? (
        <LoadFailed
          title={t`Campaigns could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.campaigns.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={t`Nothing to review`} />
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t`Campaigns to review`}>
          {query.data.campaigns.map((c) => {
            const owner = c.ownerName;
            const email = c.ownerEmail;
            const placement = i18n._(PLACEMENT_LABELS[c.placement]);
            const budget = formatMoney(c.totalBudgetCents, 'USD');
            const headline = c.headline;
            const target = c.targetPath;
            return (
              <li key={c.id}>
                <Card>
                  <CardContent className="flex flex-col gap-3 pt-6 md:flex-row md:items-start">
                    {c.imageUrl ? (
                      <img
                        src={c.imageUrl}
                        alt={c.imageAlt}
                        className="aspect-video w-full rounded-md object-cover md:w-56"
                      />
                    ) : null}
                    <div className="flex flex-1 flex-col gap-1">
                      <h2 className="text-lg font-bold">{c.headline}</h2>
                      <p className="text-sm">{c.body}</p>
                      <p className="text-sm text-muted-foreground">
                        <Trans>
                          {owner} ({email}) · {placement} · links to <code>{target}</code> ·{' '}
                          {budget}
                        </Trans>
                      </p>
                    </div>
                    <div className="flex gap-2">
                      {/* The name says which campaign (several are listed). An aria-label, not a
                        hidden span: a visually hidden element is a block, so the computed name
                        read "Approve : headline" with a stray space before the colon. */}
                      <Button
                        disabled={decide.isPending}
                        aria-label={t`Approve: ${headline}`}
                        onClick={() => decide.mutate({ id: c.id, approve: true })}
                      >
                        <Trans>Approve</Trans>
                      </Button>
                      <Button
                        variant="destructive"
                        disabled={decide.isPending}
                        aria-label={t`Reject: ${headline}`}
                        onClick={() => decide.mutate({ id: c.id, approve: false })}
                      >
                        <Trans>Reject</Trans>
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
