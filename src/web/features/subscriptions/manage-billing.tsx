import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { MySubscription, Plan } from '../../../contracts/subscriptions';
import { Button } from '../../components/ui/button';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { plansQuery, useChangePlan, useUpdateCard } from './api';

/** The other paid plans, each with its upgrade (now, prorated) or downgrade (at renewal). */
export function ChangePlan({ data, current }: { data: MySubscription; current: Plan }) {
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

/** The local provider's card on file: a test card number renews or declines. */
export function CardForm({ data }: { data: MySubscription }) {
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
