import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  SUBSCRIPTION_MESSAGES,
  type MySubscription,
  type Plan,
} from '../../../contracts/subscriptions';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { contractText } from '../../i18n/contract-text';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import {
  openCustomerPortal,
  openInNewTab,
  useCancelSubscription,
  useResumeSubscription,
} from './api';
import { PlanFeatures } from './plan-features';

const ACTIVE = { label: msg`Active`, variant: 'success' as BadgeVariant };
const STATUS: Record<string, { label: MessageDescriptor; variant: BadgeVariant }> = {
  active: ACTIVE,
  trialing: { label: msg`Trial`, variant: 'success' },
  past_due: { label: msg`Payment due`, variant: 'warning' },
  canceled: { label: msg`Canceled`, variant: 'danger' },
};

/** spec §8 portal toasts. */
function reportPortalFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error(contractText(SUBSCRIPTION_MESSAGES.authRequiredTitle), {
      description: contractText(SUBSCRIPTION_MESSAGES.portalAuthRequired),
    });
    return;
  }
  toast.error(contractText(SUBSCRIPTION_MESSAGES.portalFailedTitle), {
    description: contractText(SUBSCRIPTION_MESSAGES.portalFailed),
  });
}

/** The plan I am on: its status, dates, next invoice and features; cancel, resume, the portal. */
export function CurrentPlan({
  data,
  subscription,
  plan,
}: {
  data: MySubscription;
  subscription: NonNullable<MySubscription['subscription']>;
  plan: Plan;
}) {
  const { t, i18n } = useLingui();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const [isOpening, setOpening] = useState(false);
  const status = STATUS[subscription.status] ?? ACTIVE;
  const isTrial = subscription.status === 'trialing';
  const planName = plan.name;
  const periodEnd = formatDate(subscription.currentPeriodEnd);
  const monthlyPrice = formatMoney(plan.priceMonthly, plan.currency);
  const nextAmount = data.nextInvoice
    ? formatMoney(data.nextInvoice.amountCents, data.nextInvoice.currency)
    : '';
  const nextDate = data.nextInvoice ? formatDate(data.nextInvoice.dueAt) : '';
  const pendingPlanName = subscription.pendingPlanName;

  async function portal() {
    setOpening(true);
    try {
      await openInNewTab(openCustomerPortal);
    } catch (error) {
      reportPortalFailure(error);
    } finally {
      setOpening(false);
    }
  }

  return (
    <section
      aria-labelledby="current-heading"
      className="rounded-lg border border-primary bg-card p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h2 id="current-heading" className="text-2xl font-bold">
            <Trans>{planName} plan</Trans>
          </h2>
          <Badge variant={status.variant}>{i18n._(status.label)}</Badge>
        </div>
        <p className="text-lg font-semibold">
          {monthlyPrice}
          <span className="text-sm font-normal text-muted-foreground">
            {' '}
            <Trans>/ month</Trans>
          </span>
        </p>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">
            {isTrial
              ? t`Trial ends on`
              : subscription.cancelAtPeriodEnd
                ? t`Ends on`
                : t`Renews on`}
          </dt>
          <dd className="font-medium">{periodEnd}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Next invoice</Trans>
          </dt>
          <dd className="font-medium">
            {data.nextInvoice ? t`${nextAmount} on ${nextDate}` : t`None`}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">
            <Trans>Card</Trans>
          </dt>
          <dd className="font-medium">
            {/* A masked card number reads left to right in every language. */}
            {data.card ? (
              <span dir="ltr">{`•••• ${data.card.last4}`}</span>
            ) : (
              t`The card used at checkout`
            )}
          </dd>
        </div>
      </dl>
      {subscription.status === 'past_due' ? (
        <Alert variant="destructive" title={t`Payment failed`} className="mt-4">
          <Trans>We could not charge your card. Update your card below; we will try again.</Trans>
        </Alert>
      ) : null}
      {isTrial ? (
        <Alert className="mt-4" title={t`Free trial`}>
          {subscription.cancelAtPeriodEnd
            ? t`Your free trial ends on ${periodEnd} and you will not be charged.`
            : t`Your free trial ends on ${periodEnd}. Then ${monthlyPrice} a month is charged to your card; cancel before then to pay nothing.`}
        </Alert>
      ) : null}
      {subscription.pendingPlanName ? (
        <Alert className="mt-4">
          <Trans>
            Your plan changes to {pendingPlanName} on {periodEnd}.
          </Trans>
        </Alert>
      ) : null}
      {subscription.cancelAtPeriodEnd ? (
        <Alert className="mt-4">
          <Trans>
            Your subscription is canceled and ends on {periodEnd}. You keep your plan until then.
          </Trans>
        </Alert>
      ) : null}
      <div className="mt-5">
        <PlanFeatures plan={plan} />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void portal()} disabled={isOpening}>
          <CreditCard aria-hidden="true" className="size-4" />
          <Trans>Manage billing</Trans>
        </Button>
        {subscription.cancelAtPeriodEnd ? (
          <Button
            onClick={() =>
              resume.mutate(undefined, {
                onSuccess: () => toast.success(t`Subscription resumed`),
                onError: (error) => toast.error(errorMessage(error, t`Could not resume.`)),
              })
            }
            disabled={resume.isPending}
          >
            <Trans>Resume subscription</Trans>
          </Button>
        ) : (
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            <Trans>Cancel subscription</Trans>
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Cancel your subscription?`}
        description={t`Your ${planName} plan stays active until ${periodEnd}, then ends. Nothing is deleted; you can resume until then.`}
        error={cancel.error ? errorMessage(cancel.error, t`Could not cancel.`) : null}
        cancelLabel={t`Keep my plan`}
        confirmLabel={t`Cancel at period end`}
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(true, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t`Subscription canceled`, {
                description: t`It ends on ${periodEnd}.`,
              });
            },
          })
        }
      />
    </section>
  );
}
