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

const ACTIVE = { label: 'Active', variant: 'success' as BadgeVariant };
const STATUS: Record<string, { label: string; variant: BadgeVariant }> = {
  active: ACTIVE,
  trialing: { label: 'Trial', variant: 'success' },
  past_due: { label: 'Payment due', variant: 'warning' },
  canceled: { label: 'Canceled', variant: 'danger' },
};

const dateOf = (iso: string) => formatDate(iso);

/** spec §8 portal toasts. */
function reportPortalFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error(SUBSCRIPTION_MESSAGES.authRequiredTitle, {
      description: SUBSCRIPTION_MESSAGES.portalAuthRequired,
    });
    return;
  }
  toast.error(SUBSCRIPTION_MESSAGES.portalFailedTitle, {
    description: SUBSCRIPTION_MESSAGES.portalFailed,
  });
}

/**
 * spec §2 /subscription: the current plan, status, dates, next invoice, invoices and the
 * actions. With the local provider this page is also the customer portal (`?portal=1`).
 */
export function SubscriptionPage() {
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
        <Alert variant="destructive" title="Your subscription could not be loaded">
          {errorMessage(mine.error, 'Please try again.')}
        </Alert>
      </div>
    );
  const data = mine.data;
  const live = data.subscription && data.subscription.status !== 'canceled';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Subscription</h1>
        <p className="mt-2 text-muted-foreground">
          Your plan, billing and invoices.{' '}
          <Link
            to="/pricing"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Compare plans
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
            You are on the Free plan
          </h2>
          {data.subscription?.status === 'canceled' ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Your {data.subscription.planName} plan ended
              {data.subscription.canceledAt ? ` on ${dateOf(data.subscription.canceledAt)}` : ''}.
            </p>
          ) : null}
          <p className="mt-2 text-sm text-muted-foreground">
            Subscribe for bigger events, messaging, group chat, recording and sharing tools.
          </p>
          <Link to="/pricing" className={buttonClasses({ className: 'mt-4' })}>
            Subscribe
          </Link>
        </section>
      )}
      {live ? (
        <section ref={billing} aria-labelledby="billing-heading" className="flex flex-col gap-6">
          <h2 id="billing-heading" className="text-2xl font-bold">
            Manage billing
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
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const [isOpening, setOpening] = useState(false);
  const status = STATUS[subscription.status] ?? ACTIVE;
  const isTrial = subscription.status === 'trialing';

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
            {plan.name} plan
          </h2>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <p className="text-lg font-semibold">
          {formatMoney(plan.priceMonthly, plan.currency)}
          <span className="text-sm font-normal text-muted-foreground"> / month</span>
        </p>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">
            {isTrial ? 'Trial ends on' : subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}
          </dt>
          <dd className="font-medium">{dateOf(subscription.currentPeriodEnd)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Next invoice</dt>
          <dd className="font-medium">
            {data.nextInvoice
              ? `${formatMoney(data.nextInvoice.amountCents, data.nextInvoice.currency)} on ${dateOf(data.nextInvoice.dueAt)}`
              : 'None'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Card</dt>
          <dd className="font-medium">
            {data.card ? `•••• ${data.card.last4}` : 'The card used at checkout'}
          </dd>
        </div>
      </dl>
      {subscription.status === 'past_due' ? (
        <Alert variant="destructive" title="Payment failed" className="mt-4">
          We could not charge your card. Update your card below; we will try again.
        </Alert>
      ) : null}
      {isTrial ? (
        <Alert className="mt-4" title="Free trial">
          {subscription.cancelAtPeriodEnd
            ? `Your free trial ends on ${dateOf(subscription.currentPeriodEnd)} and you will not be charged.`
            : `Your free trial ends on ${dateOf(subscription.currentPeriodEnd)}. Then ${formatMoney(plan.priceMonthly, plan.currency)} a month is charged to your card; cancel before then to pay nothing.`}
        </Alert>
      ) : null}
      {subscription.pendingPlanName ? (
        <Alert className="mt-4">
          Your plan changes to {subscription.pendingPlanName} on{' '}
          {dateOf(subscription.currentPeriodEnd)}.
        </Alert>
      ) : null}
      {subscription.cancelAtPeriodEnd ? (
        <Alert className="mt-4">
          Your subscription is canceled and ends on {dateOf(subscription.currentPeriodEnd)}. You
          keep your plan until then.
        </Alert>
      ) : null}
      <div className="mt-5">
        <PlanFeatures plan={plan} />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void portal()} disabled={isOpening}>
          <CreditCard aria-hidden="true" className="size-4" />
          Manage billing
        </Button>
        {subscription.cancelAtPeriodEnd ? (
          <Button
            onClick={() =>
              resume.mutate(undefined, {
                onSuccess: () => toast.success('Subscription resumed'),
                onError: (error) => toast.error(errorMessage(error, 'Could not resume.')),
              })
            }
            disabled={resume.isPending}
          >
            Resume subscription
          </Button>
        ) : (
          <Button variant="destructive" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={`Your ${plan.name} plan stays active until ${dateOf(subscription.currentPeriodEnd)}, then ends. Nothing is deleted; you can resume until then.`}
        error={cancel.error ? errorMessage(cancel.error, 'Could not cancel.') : null}
        cancelLabel="Keep my plan"
        confirmLabel="Cancel at period end"
        isPending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(true, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Subscription canceled', {
                description: `It ends on ${dateOf(subscription.currentPeriodEnd)}.`,
              });
            },
          })
        }
      />
    </section>
  );
}

function ChangePlan({ data, current }: { data: MySubscription; current: Plan }) {
  const plans = useQuery(plansQuery);
  const change = useChangePlan();
  const others = (plans.data ?? []).filter((p: Plan) => p.priceMonthly > 0 && p.id !== current.id);
  if (!others.length) return null;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-semibold">Change plan</h3>
      <p className="text-sm text-muted-foreground">
        An upgrade starts now and you pay the difference for the rest of this period. A downgrade
        starts at your next renewal.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {others.map((plan) => {
          const isUpgrade = plan.priceMonthly > current.priceMonthly;
          const isPending = data.subscription?.pendingPlanId === plan.id;
          return (
            <li
              key={plan.id}
              className="flex items-center justify-between gap-3 rounded-md border border-border p-4"
            >
              <div>
                <p className="font-semibold">{plan.name}</p>
                <p className="text-sm text-muted-foreground">
                  {formatMoney(plan.priceMonthly, plan.currency)} / month
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
                          ? `You are now on ${plan.name}`
                          : `${plan.name} starts at your next renewal`,
                      ),
                    onError: (error) =>
                      toast.error(errorMessage(error, 'Could not change the plan.')),
                  })
                }
              >
                {isPending
                  ? 'Scheduled'
                  : isUpgrade
                    ? `Upgrade to ${plan.name}`
                    : `Switch to ${plan.name}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function CardForm({ data }: { data: MySubscription }) {
  const update = useUpdateCard();
  const [number, setNumber] = useState('');
  const error =
    fieldErrors(update.error).cardNumber ??
    (update.error ? errorMessage(update.error, 'Could not save the card.') : undefined);
  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(number, {
      onSuccess: () => {
        setNumber('');
        toast.success('Card updated');
      },
    });
  }
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
      <h3 className="text-lg font-semibold">Payment card</h3>
      <Field
        id="card-number"
        label="New card number"
        hint={`Test cards: 4242 4242 4242 4242 renews; 4000 0000 0000 0002 declines.${data.card ? ` Now: •••• ${data.card.last4}.` : ''}`}
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
        Save card
      </Button>
    </form>
  );
}

const KIND_LABEL: Record<Invoice['kind'], string> = {
  initial: 'First month',
  renewal: 'Renewal',
  proration: 'Upgrade (prorated)',
  trial: 'Free trial',
};

function Invoices({ invoices }: { invoices: Invoice[] }) {
  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-3">
      <h2 id="invoices-heading" className="text-2xl font-bold">
        Invoices
      </h2>
      {invoices.length ? (
        <div className="rounded-lg border border-border max-md:border-0">
          <table className={stackedTable.table}>
            <thead className={cn('bg-muted/50 text-muted-foreground', stackedTable.head)}>
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Plan
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Amount
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">Receipt</span>
                </th>
              </tr>
            </thead>
            <tbody className={stackedTable.body}>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className={cn('border-t border-border', stackedTable.row)}>
                  <td data-label="Date" className={cn('px-4 py-2', stackedTable.cell)}>
                    {dateOf(invoice.createdAt)}
                  </td>
                  <td data-label="Plan" className={cn('px-4 py-2', stackedTable.cell)}>
                    {invoice.planName} · {KIND_LABEL[invoice.kind]}
                  </td>
                  <td data-label="Amount" className={cn('px-4 py-2', stackedTable.cell)}>
                    {formatMoney(invoice.amountCents, invoice.currency)}
                  </td>
                  <td data-label="Status" className={cn('px-4 py-2', stackedTable.cell)}>
                    <Badge variant={invoice.status === 'paid' ? 'success' : 'danger'}>
                      {invoice.status === 'paid' ? 'Paid' : 'Failed'}
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
                        Print receipt
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No invoices yet.</p>
      )}
    </section>
  );
}
