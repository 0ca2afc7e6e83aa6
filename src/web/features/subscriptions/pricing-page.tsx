import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Plan } from '../../../contracts/subscriptions';
import { SUBSCRIPTION_MESSAGES } from '../../../contracts/subscription-vocabulary';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { contractText, useContractText } from '../../i18n/contract-text';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/money';
import { IncludedTax } from '../taxes';
import { paths } from '../../lib/paths';
import { toast } from '../../lib/toast';
import { useSession } from '../session';
import {
  mySubscriptionQuery,
  openInNewTab,
  plansQuery,
  startPlanCheckout,
  useSubscriptionStatus,
} from './api';
import { PlanFeatures } from './plan-features';

/** spec §8 checkout toasts. */
export function reportPlanCheckoutFailure(error: unknown) {
  const say = contractText;
  if (error instanceof ApiError && error.status === 401) {
    toast.error(say(SUBSCRIPTION_MESSAGES.authRequiredTitle), {
      description: say(SUBSCRIPTION_MESSAGES.authRequired),
    });
    return;
  }
  const isOurs = !(error instanceof ApiError) || error.status >= 500;
  toast.error(say(SUBSCRIPTION_MESSAGES.checkoutFailedTitle), {
    description: isOurs
      ? say(SUBSCRIPTION_MESSAGES.checkoutFailed)
      : errorMessage(error, say(SUBSCRIPTION_MESSAGES.checkoutFailed)),
  });
}

/** spec §2 /pricing: the plans side by side, the signed-in person's current plan marked. */
export function PricingPage() {
  const { t } = useLingui();
  // Loads the contracts' texts its checkout toasts may need.
  useContractText();
  const plans = useQuery(plansQuery);
  const { user } = useSession();
  const status = useSubscriptionStatus();
  const [pending, setPending] = useState<string | null>(null);
  const currentId = status.subscribed ? (status.subscription?.planId ?? null) : null;
  // Trials already had (one per plan, ever) are not offered again.
  const mine = useQuery({ ...mySubscriptionQuery, enabled: Boolean(user) });
  const offersTrial = (plan: Plan) =>
    plan.trialDays > 0 && !(mine.data?.trialsUsed ?? []).includes(plan.id);

  async function subscribe(plan: Plan) {
    if (!user) {
      reportPlanCheckoutFailure(new ApiError(401, 'UNAUTHENTICATED', ''));
      return;
    }
    setPending(plan.id);
    try {
      await openInNewTab(() => startPlanCheckout(plan.id));
    } catch (error) {
      reportPlanCheckoutFailure(error);
    } finally {
      setPending(null);
    }
  }

  function action(plan: Plan) {
    const planName = plan.name;
    const trialDays = plan.trialDays;
    const isCurrent = user && (plan.id === currentId || (!currentId && plan.priceMonthly === 0));
    if (isCurrent)
      return (
        <Button variant="outline" disabled className="w-full">
          <Trans>Current plan</Trans>
        </Button>
      );
    if (plan.priceMonthly === 0)
      return user ? (
        <Link
          to={paths.subscription()}
          className={buttonClasses({ variant: 'outline', className: 'w-full' })}
        >
          <Trans>Manage subscription</Trans>
        </Link>
      ) : (
        <Link
          to={paths.auth()}
          className={buttonClasses({ variant: 'outline', className: 'w-full' })}
        >
          <Trans>Get started free</Trans>
        </Link>
      );
    if (currentId)
      return (
        <Link to={paths.subscription()} className={buttonClasses({ className: 'w-full' })}>
          <Trans>Change to {planName}</Trans>
        </Link>
      );
    return (
      <Button className="w-full" disabled={pending !== null} onClick={() => void subscribe(plan)}>
        {pending === plan.id
          ? t`Opening checkout…`
          : offersTrial(plan)
            ? t`${plural(trialDays, {
                one: `Start #-day free trial of ${planName}`,
                other: `Start #-day free trial of ${planName}`,
              })}`
            : t`Subscribe to ${planName}`}
      </Button>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">
          <Trans>Pricing</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>
            Start free. Upgrade when your events grow: bigger audiences, messaging, group chat,
            stream recording and sharing tools. Cancel any time.
          </Trans>
        </p>
      </div>
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.data?.length ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {plans.data.map((plan) => {
            const isCurrent = plan.id === currentId;
            const planName = plan.name;
            const trialDays = plan.trialDays;
            return (
              <li
                key={plan.id}
                aria-label={t`${planName} plan`}
                className={`flex flex-col gap-5 rounded-lg border bg-card p-6 shadow-sm ${
                  isCurrent ? 'border-primary ring-2 ring-primary' : 'border-border'
                }`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-xl font-bold">{plan.name}</h2>
                  {isCurrent ? (
                    <Badge>
                      <Trans>Your plan</Trans>
                    </Badge>
                  ) : null}
                </div>
                <p>
                  <span className="text-3xl font-extrabold">
                    {formatPrice(plan.priceMonthly, plan.currency)}
                  </span>
                  {plan.priceMonthly > 0 ? (
                    <span className="text-sm text-muted-foreground">
                      {' '}
                      <Trans>/ month</Trans>
                    </span>
                  ) : null}
                  {plan.priceMonthly > 0 ? (
                    <IncludedTax kind="plan" itemId={plan.id} className="block" />
                  ) : null}
                </p>
                {offersTrial(plan) ? (
                  <p className="text-sm font-medium text-primary">
                    <Plural
                      value={trialDays}
                      one="#-day free trial · nothing charged today"
                      other="#-day free trial · nothing charged today"
                    />
                  </p>
                ) : null}
                {plan.description ? (
                  <p dir="auto" className="text-sm text-muted-foreground">
                    {plan.description}
                  </p>
                ) : null}
                <div className="flex-1">
                  <PlanFeatures plan={plan} />
                </div>
                {action(plan)}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-center text-muted-foreground">
          <Trans>No plans are available right now.</Trans>
        </p>
      )}
    </div>
  );
}
