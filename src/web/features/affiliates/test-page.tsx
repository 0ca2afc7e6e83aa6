import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/query-states';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { dashboardQuery, testActivityQuery, useTestClick, useTestConversion } from './api';
import { AffiliateNav, SignedInOnly, Stat } from './parts';
import { affiliateSessionId } from './tracking';
import { formatTime } from '../../lib/dates';

function TestMode({ code }: { code: string }) {
  const activity = useQuery(testActivityQuery);
  const click = useTestClick();
  const conversion = useTestConversion();
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <Alert variant="info">
        <Trans>
          Clicks and sales you make here are marked as tests: they show below to prove your link is
          tracked, and never count in your real figures or earnings.
        </Trans>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={click.isPending}
          onClick={() =>
            // A fresh id per press, so each test click shows (real clicks count once per session).
            click.mutate({
              affiliateId: code,
              sessionId: `test-${affiliateSessionId()}-${Date.now()}`,
            })
          }
        >
          <Trans>Click my link (test)</Trans>
        </Button>
        <Button
          variant="outline"
          disabled={conversion.isPending}
          onClick={() => conversion.mutate()}
        >
          <Trans>Send a test conversion</Trans>
        </Button>
      </div>
      {activity.isPending ? (
        <Spinner label={t`Loading test activity`} />
      ) : activity.isError ? (
        <LoadFailed
          title={t`Test activity could not be loaded`}
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2" aria-live="polite">
            <Stat
              label={t`Test clicks`}
              value={<span data-testid="test-clicks">{activity.data.clicks}</span>}
            />
            <Stat
              label={t`Test conversions`}
              value={<span data-testid="test-conversions">{activity.data.conversions}</span>}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>
                <Trans>Live feed</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent>
              {activity.data.recent.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  <Trans>Nothing yet: press a button above.</Trans>
                </p>
              ) : (
                <ul className="flex flex-col gap-1 text-sm">
                  {activity.data.recent.slice(0, 20).map((row, i) => (
                    <li key={`${row.at}-${i}`}>
                      {formatTime(row.at)} · {row.kind === 'click' ? t`Click` : t`Conversion`}
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

function TestGate() {
  const query = useQuery(dashboardQuery);
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Your affiliate account could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data.joined || !query.data.code)
    return (
      <Link to="/affiliate" className={buttonClasses()}>
        <Trans>Join the affiliate program</Trans>
      </Link>
    );
  return <TestMode code={query.data.code} />;
}

/** spec §2 /affiliate-test: click your own link in test mode and watch it arrive. */
export function AffiliateTestPage() {
  const { t } = useLingui();
  return (
    <PageBody>
      <PageHeader
        title={t`Check your link`}
        description={t`Click your own link and see it arrive, without touching your real figures.`}
      />
      <AffiliateNav />
      <SignedInOnly here="/affiliate-test">
        <TestGate />
      </SignedInOnly>
    </PageBody>
  );
}
