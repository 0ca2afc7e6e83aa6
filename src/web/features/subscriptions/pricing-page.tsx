import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SUBSCRIPTION_MESSAGES, type Plan } from '../../../contracts/subscriptions';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/money';
import { paths } from '../../lib/paths';
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
  if (error instanceof ApiError && error.status === 401) {
    toast.error(SUBSCRIPTION_MESSAGES.authRequiredTitle, {
      description: SUBSCRIPTION_MESSAGES.authRequired,
    });
    return;
  }
  const isOurs = !(error instanceof ApiError) || error.status >= 500;
  toast.error(SUBSCRIPTION_MESSAGES.checkoutFailedTitle, {
    description: isOurs
      ? SUBSCRIPTION_MESSAGES.checkoutFailed
      : errorMessage(error, SUBSCRIPTION_MESSAGES.checkoutFailed),
  });
}

/** spec §2 /pricing: the plans side by side, the signed-in person's current plan marked. */
export function PricingPage() {
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
    const isCurrent = user && (plan.id === currentId || (!currentId && plan.priceMonthly === 0));
    if (isCurrent)
      return (
        <Button variant="outline" disabled className="w-full">
          Current plan
        </Button>
      );
    if (plan.priceMonthly === 0)
      return user ? (
        <Link
          to={paths.subscription()}
          className={buttonClasses({ variant: 'outline', className: 'w-full' })}
        >
          Manage subscription
        </Link>
      ) : (
        <Link
          to={paths.auth()}
          className={buttonClasses({ variant: 'outline', className: 'w-full' })}
        >
          Get started free
        </Link>
      );
    if (currentId)
      return (
        <Link to={paths.subscription()} className={buttonClasses({ className: 'w-full' })}>
          Change to {plan.name}
        </Link>
      );
    return (
      <Button className="w-full" disabled={pending !== null} onClick={() => void subscribe(plan)}>
        {pending === plan.id
          ? 'Opening checkout…'
          : offersTrial(plan)
            ? `Start ${plan.trialDays}-day free trial of ${plan.name}`
            : `Subscribe to ${plan.name}`}
      </Button>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">Pricing</h1>
        <p className="mt-3 text-muted-foreground">
          Start free. Upgrade when your events grow: bigger audiences, messaging, group chat, stream
          recording and sharing tools. Cancel any time.
        </p>
      </div>
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.data?.length ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {plans.data.map((plan) => {
            const isCurrent = plan.id === currentId;
            return (
              <li
                key={plan.id}
                aria-label={`${plan.name} plan`}
                className={`flex flex-col gap-5 rounded-lg border bg-card p-6 shadow-sm ${
                  isCurrent ? 'border-primary ring-2 ring-primary' : 'border-border'
                }`}
              >
                <div className="flex items-center justify-between gap-2">
                  <h2 className="text-xl font-bold">{plan.name}</h2>
                  {isCurrent ? <Badge>Your plan</Badge> : null}
                </div>
                <p>
                  <span className="text-3xl font-extrabold">
                    {formatPrice(plan.priceMonthly, plan.currency)}
                  </span>
                  {plan.priceMonthly > 0 ? (
                    <span className="text-sm text-muted-foreground"> / month</span>
                  ) : null}
                </p>
                {offersTrial(plan) ? (
                  <p className="text-sm font-medium text-primary">
                    {plan.trialDays}-day free trial · nothing charged today
                  </p>
                ) : null}
                {plan.description ? (
                  <p className="text-sm text-muted-foreground">{plan.description}</p>
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
        <p className="text-center text-muted-foreground">No plans are available right now.</p>
      )}
    </div>
  );
}
