import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PlanInputSchema, type AdminPlan, type PlanInput } from '../../../contracts/subscriptions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { moneyInputValue, parseMoneyInput } from '../../lib/money';
import { useSavePlan } from './api';

/** A plan as typed: numbers and the price as the inputs' strings, features one per line. */
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

const FIELDS = ['name', 'price', 'description', 'features', 'maxAttendees', 'trialDays'] as const;
const RENAME = { priceMonthly: 'price' } as const;

/** The body the API gets (the currency is the plan's own and is not sent, as before). */
const draftToInput = (draft: Draft): PlanInput => ({
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
});

// The contract's schema checks the body on the client, with the server's texts.
const resolver = contractResolver<Draft>(
  PlanInputSchema,
  (draft) => ({ ...draftToInput(draft), currency: draft.currency }),
  FIELDS,
  RENAME,
);

type Flag = 'hasMessaging' | 'hasChat' | 'hasRecording' | 'hasSharing' | 'isActive';

/** Creates a plan, or edits `plan`; `onDone` once saved or cancelled. */
export function PlanForm({ plan, onDone }: { plan: AdminPlan | null; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSavePlan();
  const form = useForm<Draft>({ defaultValues: plan ? draftOf(plan) : EMPTY, resolver });
  const failure = form.formState.errors.root?.message;

  async function submit(draft: Draft) {
    try {
      const saved = await save.mutateAsync({ id: plan?.id ?? null, input: draftToInput(draft) });
      const planName = saved.name;
      toast.success(plan ? t`${planName} saved` : t`${planName} created`);
      form.reset(EMPTY);
      onDone();
    } catch (error) {
      if (!setServerErrors(form, renameFields(fieldErrors(error), RENAME), FIELDS))
        form.setError('root', { message: errorMessage(error, t`Could not save the plan.`) });
    }
  }

  const text = (name: (typeof FIELDS)[number], label: string, hint?: string) => (
    <FormField<Draft> name={name} label={label} hint={hint}>
      {(control) => <Input {...control} />}
    </FormField>
  );
  const flag = (name: Flag, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4" {...form.register(name)} />
      {label}
    </label>
  );

  return (
    <Form
      form={form}
      onSubmit={submit}
      className="flex max-w-xl flex-col gap-4 rounded-lg border border-border p-6"
    >
      <h2 className="text-lg font-semibold">{plan ? t`Edit plan` : t`New plan`}</h2>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      {text('name', t`Name`)}
      {text('price', t`Monthly price (USD)`, t`For example 9.99; 0 for a free tier.`)}
      {text('description', t`Description`)}
      <FormField<Draft> name="features" label={t`Features`} hint={t`One per line.`}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        )}
      </FormField>
      {text('maxAttendees', t`Max attendees per event`, t`-1 means unlimited.`)}
      {text(
        'trialDays',
        t`Free trial days`,
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
          {plan ? t`Save plan` : t`Create plan`}
        </Button>
        {plan ? (
          <Button variant="ghost" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
