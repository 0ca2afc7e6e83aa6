import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
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
import { checksResolver, Form, setServerErrors } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSession } from '../session';
import { dashboardQuery, useJoin } from './api';
import { EventReferralSettings } from './event-settings';
import { CopyButton, SignedInOnly } from './parts';

export function JoinCard() {
  const join = useJoin();
  const checkboxId = useId();
  const { t } = useLingui();
  const form = useForm<{ acceptTerms: boolean }>({
    defaultValues: { acceptTerms: false },
    resolver: checksResolver(({ acceptTerms }) => ({
      acceptTerms: acceptTerms ? undefined : t`Please accept the program terms`,
    })),
  });
  const error = form.formState.errors.acceptTerms?.message;

  async function submit() {
    try {
      await join.mutateAsync(undefined);
    } catch (e) {
      // The refusal shows under the terms, the form's one field, as before.
      if (!setServerErrors(form, fieldErrors(e), ['acceptTerms']))
        form.setError('acceptTerms', { message: errorMessage(e, t`Could not join`) });
    }
  }

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
        <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
          {/* One checkbox: FormField's text control does not fit it, so it is registered. */}
          <div className="flex items-start gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              className="mt-1 size-4"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${checkboxId}-error` : undefined}
              {...form.register('acceptTerms')}
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
        </Form>
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
