import { useQuery } from '@tanstack/react-query';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminPlan, PlanInput } from '../../../contracts/subscriptions';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatPrice, moneyInputValue, parseMoneyInput } from '../../lib/money';
import { adminPlansQuery, useDeletePlan, useSavePlan } from './api';

interface Draft {
  name: string;
  price: string;
  /** The plan's currency (a new plan's is USD): how many decimals its price takes. */
  currency: string;
  description: string;
  features: string;
  maxAttendees: string;
  trialDays: string;
  hasMessaging: boolean;
  hasChat: boolean;
  hasRecording: boolean;
  hasSharing: boolean;
  isActive: boolean;
}

const EMPTY: Draft = {
  name: '',
  price: '',
  description: '',
  currency: 'USD',
  features: '',
  maxAttendees: '-1',
  trialDays: '0',
  hasMessaging: false,
  hasChat: false,
  hasRecording: false,
  hasSharing: false,
  isActive: true,
};

const draftOf = (plan: AdminPlan): Draft => ({
  name: plan.name,
  price: moneyInputValue(plan.priceMonthly, plan.currency),
  currency: plan.currency,
  description: plan.description,
  features: plan.features.join('\n'),
  maxAttendees: String(plan.maxAttendees),
  trialDays: String(plan.trialDays),
  hasMessaging: plan.hasMessaging,
  hasChat: plan.hasChat,
  hasRecording: plan.hasRecording,
  hasSharing: plan.hasSharing,
  isActive: plan.isActive,
});

/**
 * The price typed by a person to minor units of the plan's currency, read the way the page's
 * language writes numbers ("9,99" in Spanish); what is not an amount goes as NaN (null in JSON)
 * and the server names it.
 */
const toCents = (price: string, currency: string) =>
  parseMoneyInput(price, undefined, currency) ?? Number.NaN;

/** Admin: subscription plans (create, edit, deactivate; delete only when never used). */
export function AdminPlansPage() {
  const { t } = useLingui();
  const plans = useQuery(adminPlansQuery);
  const save = useSavePlan();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const errors = fieldErrors(save.error);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const input: PlanInput = {
      name: draft.name,
      priceMonthly: toCents(draft.price, draft.currency),
      description: draft.description,
      features: draft.features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      maxAttendees: Number.parseInt(draft.maxAttendees, 10),
      trialDays: Number.parseInt(draft.trialDays, 10),
      hasMessaging: draft.hasMessaging,
      hasChat: draft.hasChat,
      hasRecording: draft.hasRecording,
      hasSharing: draft.hasSharing,
      isActive: draft.isActive,
    };
    save.mutate(
      { id: editing, input },
      {
        onSuccess: (plan) => {
          const planName = plan.name;
          toast.success(editing ? t`${planName} saved` : t`${planName} created`);
          setEditing(null);
          setDraft(EMPTY);
        },
      },
    );
  }

  const text = (
    key: 'name' | 'price' | 'description' | 'maxAttendees' | 'trialDays',
    label: string,
    errorKey: string,
    hint?: string,
  ) => (
    <Field id={`plan-${key}`} label={label} hint={hint} error={errors[errorKey]}>
      <Input
        id={`plan-${key}`}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={Boolean(errors[errorKey])}
        aria-describedby={describedBy(`plan-${key}`, {
          hint: Boolean(hint),
          error: errors[errorKey],
        })}
      />
    </Field>
  );
  const flag = (
    key: 'hasMessaging' | 'hasChat' | 'hasRecording' | 'hasSharing' | 'isActive',
    label: string,
  ) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={draft[key]}
        onChange={(e) => set(key, e.target.checked)}
        className="size-4"
      />
      {label}
    </label>
  );

  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-bold">
          <Trans>Subscription plans</Trans>
        </h1>
        <p className="text-sm text-muted-foreground">
          <Trans>
            A plan anyone subscribed to cannot be deleted; deactivate it to hide it from /pricing.
          </Trans>
        </p>
      </div>
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.isError ? (
        <Alert variant="destructive">
          {errorMessage(plans.error, t`Plans could not be loaded.`)}
        </Alert>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-start text-sm">
            <thead className="bg-muted/50 text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Plan</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Price</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Attendees</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Subscribers</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plans.data.map((plan) => (
                <tr key={plan.id} className="border-t border-border">
                  <td className="px-4 py-2 font-medium">{plan.name}</td>
                  <td className="px-4 py-2">{formatPrice(plan.priceMonthly, plan.currency)}</td>
                  <td className="px-4 py-2">
                    {plan.maxAttendees === -1 ? t`Unlimited` : plan.maxAttendees}
                  </td>
                  <td className="px-4 py-2">{plan.subscriberCount}</td>
                  <td className="px-4 py-2">
                    <Badge variant={plan.isActive ? 'success' : 'outline'}>
                      {plan.isActive ? t`Active` : t`Inactive`}
                    </Badge>
                  </td>
                  <td className="flex justify-end gap-2 px-4 py-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => {
                        setEditing(plan.id);
                        setDraft(draftOf(plan));
                        save.reset();
                      }}
                    >
                      <Trans>
                        Edit<span className="sr-only"> {ph({ planName: plan.name })}</span>
                      </Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(plan.id, {
                          onSuccess: () => {
                            const planName = plan.name;
                            toast.success(t`${planName} deleted`);
                          },
                          onError: (error) =>
                            toast.error(errorMessage(error, t`Could not delete the plan.`)),
                        })
                      }
                    >
                      <Trans>
                        Delete<span className="sr-only"> {ph({ planName: plan.name })}</span>
                      </Trans>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        onSubmit={submit}
        noValidate
        className="flex max-w-xl flex-col gap-4 rounded-lg border border-border p-6"
      >
        <h2 className="text-lg font-semibold">{editing ? t`Edit plan` : t`New plan`}</h2>
        {save.error && !Object.keys(errors).length ? (
          <Alert variant="destructive">
            {errorMessage(save.error, t`Could not save the plan.`)}
          </Alert>
        ) : null}
        {text('name', t`Name`, 'name')}
        {text(
          'price',
          t`Monthly price (USD)`,
          'priceMonthly',
          t`For example 9.99; 0 for a free tier.`,
        )}
        {text('description', t`Description`, 'description')}
        <Field
          id="plan-features"
          label={t`Features`}
          hint={t`One per line.`}
          error={errors.features}
        >
          <textarea
            id="plan-features"
            rows={4}
            value={draft.features}
            onChange={(e) => set('features', e.target.value)}
            aria-describedby={describedBy('plan-features', { hint: true, error: errors.features })}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        </Field>
        {text('maxAttendees', t`Max attendees per event`, 'maxAttendees', t`-1 means unlimited.`)}
        {text(
          'trialDays',
          t`Free trial days`,
          'trialDays',
          t`0 for none (up to 90). Offered once per person, nothing charged until it ends.`,
        )}
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-2 text-sm font-medium">
            <Trans>Includes</Trans>
          </legend>
          {flag('hasMessaging', t`Messaging`)}
          {flag('hasChat', t`Group chat`)}
          {flag('hasRecording', t`Recording`)}
          {flag('hasSharing', t`Sharing`)}
          {flag('isActive', t`Active (shown on /pricing)`)}
        </fieldset>
        <div className="flex gap-3">
          <Button type="submit" disabled={save.isPending}>
            {editing ? t`Save plan` : t`Create plan`}
          </Button>
          {editing ? (
            <Button
              variant="ghost"
              onClick={() => {
                setEditing(null);
                setDraft(EMPTY);
                save.reset();
              }}
            >
              <Trans>Cancel</Trans>
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
