import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/query-states';
import { PageBody, PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../session';
import { dashboardQuery, useJoin } from './api';
import { EventReferralSettings } from './event-settings';
import { CopyButton, SignedInOnly } from './parts';

function JoinCard() {
  const join = useJoin();
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const checkboxId = useId();
  const { t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Join the affiliate program</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Share events, and earn a commission on the tickets people buy through your links.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!accepted) {
              setError(t`Please accept the program terms`);
              document.getElementById(checkboxId)?.focus();
              return;
            }
            setError(null);
            join.mutate(undefined, {
              onError: (e) => setError(errorMessage(e, t`Could not join`)),
            });
          }}
        >
          <div className="flex items-start gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              className="mt-1 size-4"
              checked={accepted}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${checkboxId}-error` : undefined}
              onChange={(e) => setAccepted(e.target.checked)}
            />
            <label htmlFor={checkboxId} className="text-sm">
              <Trans>
                I accept the program terms: no spam, no paid ads on the organizers' names, no buying
                through my own links. Commissions on refunded orders are taken back.
              </Trans>
            </label>
          </div>
          {error ? (
            <p id={`${checkboxId}-error`} className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={join.isPending} className="self-start">
            {join.isPending ? <Trans>Joining...</Trans> : <Trans>Join and get my code</Trans>}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function AffiliateHome() {
  const query = useQuery(dashboardQuery);
  const { user } = useSession();
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`Loading your affiliate account`} />;
  if (query.isError)
    return (
      <LoadFailed
        title={t`Your affiliate account could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  return (
    <div className="flex flex-col gap-6">
      {data.joined && data.code ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>You are an affiliate</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Your referral code, also pre-filled for the people you invite.</Trans>
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <code
                className="break-all rounded bg-muted px-2 py-1 text-sm"
                data-testid="affiliate-code"
              >
                {data.code}
              </code>
              <CopyButton
                text={data.code}
                label={t`Copy the referral code`}
                copiedLabel={t`Referral code copied`}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to="/referrals" className={buttonClasses()}>
                <Trans>My links</Trans>
              </Link>
              <Link to="/affiliate-profile" className={buttonClasses({ variant: 'outline' })}>
                <Trans>Earnings and payouts</Trans>
              </Link>
            </div>
          </CardContent>
        </Card>
      ) : (
        <JoinCard />
      )}
      {user && user.userType === 'organizer' ? <EventReferralSettings /> : null}
      {!data.joined ? (
        <Alert variant="info">
          <Trans>
            Organizers: you can also turn referrals on for your events below once signed in as an
            organizer.
          </Trans>
        </Alert>
      ) : null}
    </div>
  );
}

/** spec §2 /affiliate: join (accept the terms, get a code); organizers set their events' rates. */
export function AffiliateJoinPage() {
  const { t } = useLingui();
  return (
    <PageBody narrow>
      <PageHeader title={t`Affiliate`} description={t`Your place in the affiliate program.`} />
      <SignedInOnly here="/affiliate">
        <AffiliateHome />
      </SignedInOnly>
    </PageBody>
  );
}
