import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { CreditCard, Printer } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  SUBSCRIPTION_MESSAGES,
  type Invoice,
  type MySubscription,
  type Plan,
} from '../../../contracts/subscriptions';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { stackedTable } from '../../components/ui/stacked-table';
import { contractText, useContractText } from '../../i18n/contract-text';
import { ApiError, errorMessage, fieldErrors } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/money';
import {
  mySubscriptionQuery,
  openCustomerPortal,
  openInNewTab,
  plansQuery,
  useCancelSubscription,
  useChangePlan,
  useResumeSubscription,
  useUpdateCard,
} from './api';
import { PlanFeatures } from './plan-features';
import { formatDate } from '../../lib/dates';

const ACTIVE = { label: msg`Active`, variant: 'success' as BadgeVariant };
const STATUS: Record<string, { label: MessageDescriptor; variant: BadgeVariant }> = {
  active: ACTIVE,
  trialing: { label: msg`Trial`, variant: 'success' },
  past_due: { label: msg`Payment due`, variant: 'warning' },
  canceled: { label: msg`Canceled`, variant: 'danger' },
};

const dateOf = (iso: string) => formatDate(iso);

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
  const endedOn = data.subscription?.canceledAt ? dateOf(data.subscription.canceledAt) : '';
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
      <Invoices invoices={data.invoices} />
    </div>
  );
}

function CurrentPlan({
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
  const periodEnd = dateOf(subscription.currentPeriodEnd);
  const monthlyPrice = formatMoney(plan.priceMonthly, plan.currency);
  const nextAmount = data.nextInvoice
    ? formatMoney(data.nextInvoice.amountCents, data.nextInvoice.currency)
    : '';
  const nextDate = data.nextInvoice ? dateOf(data.nextInvoice.dueAt) : '';
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

function ChangePlan({ data, current }: { data: MySubscription; current: Plan }) {
  const { t } = useLingui();
  const plans = useQuery(plansQuery);
  const change = useChangePlan();
  const others = (plans.data ?? []).filter((p: Plan) => p.priceMonthly > 0 && p.id !== current.id);
  if (!others.length) return null;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">
        <Trans>Change plan</Trans>
      </h3>
      <p className="text-sm text-muted-foreground">
        <Trans>
          An upgrade starts now and you pay the difference for the rest of this period. A downgrade
          starts at your next renewal.
        </Trans>
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {others.map((plan) => {
          const isUpgrade = plan.priceMonthly > current.priceMonthly;
          const isPending = data.subscription?.pendingPlanId === plan.id;
          const planName = plan.name;
          const price = formatMoney(plan.priceMonthly, plan.currency);
          return (
            <li
              key={plan.id}
              className="flex items-center justify-between gap-3 rounded-md border border-border p-4"
            >
              <div>
                <p className="font-semibold">{plan.name}</p>
                <p className="text-sm text-muted-foreground">
                  <Trans>{price} / month</Trans>
                </p>
              </div>
              <Button
                size="sm"
                variant={isUpgrade ? 'primary' : 'outline'}
                disabled={change.isPending || isPending}
                onClick={() =>
                  change.mutate(plan.id, {
                    onSuccess: () =>
                      toast.success(
                        isUpgrade
                          ? t`You are now on ${planName}`
                          : t`${planName} starts at your next renewal`,
                      ),
                    onError: (error) =>
                      toast.error(errorMessage(error, t`Could not change the plan.`)),
                  })
                }
              >
                {isPending
                  ? t`Scheduled`
                  : isUpgrade
                    ? t`Upgrade to ${planName}`
                    : t`Switch to ${planName}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CardForm({ data }: { data: MySubscription }) {
  const { t } = useLingui();
  const update = useUpdateCard();
  const [number, setNumber] = useState('');
  const error =
    fieldErrors(update.error).cardNumber ??
    (update.error ? errorMessage(update.error, t`Could not save the card.`) : undefined);
  const last4 = data.card?.last4;
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(number, {
      onSuccess: () => {
        setNumber('');
        toast.success(t`Card updated`);
      },
    });
  }
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
      <h3 className="text-lg font-semibold">
        <Trans>Payment card</Trans>
      </h3>
      <Field
        id="card-number"
        label={t`New card number`}
        hint={
          last4
            ? t`Test cards: 4242 4242 4242 4242 renews; 4000 0000 0000 0002 declines. Now: •••• ${last4}.`
            : t`Test cards: 4242 4242 4242 4242 renews; 4000 0000 0000 0002 declines.`
        }
        error={error}
      >
        <Input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy('card-number', { hint: true, error })}
        />
      </Field>
      <Button type="submit" variant="outline" className="self-start" disabled={update.isPending}>
        <Trans>Save card</Trans>
      </Button>
    </form>
  );
}

const KIND_LABEL: Record<Invoice['kind'], MessageDescriptor> = {
  initial: msg`First month`,
  renewal: msg`Renewal`,
  proration: msg`Upgrade (prorated)`,
  trial: msg`Free trial`,
};

function Invoices({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-3">
      <h2 id="invoices-heading" className="text-2xl font-bold">
        <Trans>Invoices</Trans>
      </h2>
      {invoices.length ? (
        <div className="rounded-lg border border-border max-md:border-0">
          <table className={stackedTable.table}>
            <thead className={cn('bg-muted/50 text-muted-foreground', stackedTable.head)}>
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Date</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Plan</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Amount</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">
                    <Trans>Receipt</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className={stackedTable.body}>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className={cn('border-t border-border', stackedTable.row)}>
                  <td data-label={t`Date`} className={cn('px-4 py-2', stackedTable.cell)}>
                    {dateOf(invoice.createdAt)}
                  </td>
                  <td data-label={t`Plan`} className={cn('px-4 py-2', stackedTable.cell)}>
                    {invoice.planName} · {i18n._(KIND_LABEL[invoice.kind])}
                  </td>
                  <td data-label={t`Amount`} className={cn('px-4 py-2', stackedTable.cell)}>
                    {formatMoney(invoice.amountCents, invoice.currency)}
                  </td>
                  <td data-label={t`Status`} className={cn('px-4 py-2', stackedTable.cell)}>
                    <Badge variant={invoice.status === 'paid' ? 'success' : 'danger'}>
                      {invoice.status === 'paid' ? t`Paid` : t`Failed`}
                    </Badge>
                  </td>
                  <td data-label="" className={cn('px-4 py-2 text-end', stackedTable.cell)}>
                    {invoice.status === 'paid' ? (
                      <Link
                        to={`/subscription?receipt=${invoice.id}`}
                        onClick={() => setTimeout(() => window.print(), 100)}
                        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        <Printer aria-hidden="true" className="size-4" />
                        <Trans>Print receipt</Trans>
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          <Trans>No invoices yet.</Trans>
        </p>
      )}
    </section>
  );
}
