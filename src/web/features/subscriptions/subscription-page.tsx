import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { mySubscriptionQuery } from './api';
import { CurrentPlan } from './current-plan';
import { InvoicesTable } from './invoices-table';
import { CardForm, ChangePlan } from './manage-billing';

/**
 * spec §2 /subscription: the current plan, status, dates, next invoice, invoices and the
 * actions. With the local provider this page is also the customer portal (`?portal=1`).
 */
export function SubscriptionPage() {
  const { t } = useLingui();
  // Loads the contracts' texts its portal toasts may need.
  useContractText();
  const mine = useQuery(mySubscriptionQuery);
  const [params] = useSearchParams();
  const billing = useRef<HTMLElement>(null);
  const isPortal = params.get('portal') === '1';
  useEffect(() => {
    if (isPortal && mine.data) billing.current?.scrollIntoView();
  }, [isPortal, mine.data]);

  if (mine.isPending) return <PageSpinner />;
  if (mine.isError || !mine.data)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <Alert variant="destructive" title={t`Your subscription could not be loaded`}>
          {errorMessage(mine.error, t`Please try again.`)}
        </Alert>
      </div>
    );
  const data = mine.data;
  const endedPlanName = data.subscription?.planName;
  const endedOn = data.subscription?.canceledAt ? formatDate(data.subscription.canceledAt) : '';
  const live = data.subscription && data.subscription.status !== 'canceled';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">
          <Trans>Subscription</Trans>
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Trans>Your plan, billing and invoices.</Trans>{' '}
          <Link
            to="/pricing"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            <Trans>Compare plans</Trans>
          </Link>
        </p>
      </div>
      {live && data.subscription && data.plan ? (
        <CurrentPlan data={data} subscription={data.subscription} plan={data.plan} />
      ) : (
        <section
          aria-labelledby="free-heading"
          className="rounded-lg border border-border bg-card p-6"
        >
          <h2 id="free-heading" className="text-xl font-bold">
            <Trans>You are on the Free plan</Trans>
          </h2>
          {data.subscription?.status === 'canceled' ? (
            <p className="mt-2 text-sm text-muted-foreground">
              {data.subscription.canceledAt
                ? t`Your ${endedPlanName} plan ended on ${endedOn}.`
                : t`Your ${endedPlanName} plan ended.`}
            </p>
          ) : null}
          <p className="mt-2 text-sm text-muted-foreground">
            <Trans>
              Subscribe for bigger events, messaging, group chat, recording and sharing tools.
            </Trans>
          </p>
          <Link to="/pricing" className={buttonClasses({ className: 'mt-4' })}>
            <Trans>Subscribe</Trans>
          </Link>
        </section>
      )}
      {live ? (
        <section ref={billing} aria-labelledby="billing-heading" className="flex flex-col gap-6">
          <h2 id="billing-heading" className="text-2xl font-bold">
            <Trans>Manage billing</Trans>
          </h2>
          {data.plan ? <ChangePlan data={data} current={data.plan} /> : null}
          {data.provider === 'local' ? <CardForm data={data} /> : null}
        </section>
      ) : null}
      <InvoicesTable invoices={data.invoices} />
    </div>
  );
}
