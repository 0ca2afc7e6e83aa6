import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import {
  checksResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { myEventsQuery } from '../events';
import { commissionQuery, useSaveCommission } from './api';

interface CommissionValues {
  isReferralBased: boolean;
  kind: 'percent' | 'fixed';
  amount: string;
}
const COMMISSION_FIELDS = ['kind', 'amount'] as const;
// The contract's `value` (basis points or cents) is typed as `amount` (percent or dollars).
const COMMISSION_RENAME = { value: 'amount' } as const;

export function EventRow({ eventId, title }: { eventId: string; title: string }) {
  const query = useQuery(commissionQuery(eventId));
  const save = useSaveCommission();
  const id = useId();
  const { t } = useLingui();
  const form = useForm<CommissionValues>({
    defaultValues: { isReferralBased: false, kind: 'percent', amount: '10' },
    resolver: checksResolver(({ amount }) => {
      const number = Number(amount);
      return {
        amount: !Number.isFinite(number) || number < 0 ? t`Enter a number of 0 or more` : undefined,
      };
    }),
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  useEffect(() => {
    if (!query.data) return;
    form.reset({
      isReferralBased: query.data.isReferralBased,
      kind: query.data.kind,
      amount: String(query.data.value / 100),
    });
  }, [form, query.data]);

  async function submit(values: CommissionValues) {
    try {
      await save.mutateAsync({
        eventId,
        isReferralBased: values.isReferralBased,
        kind: values.kind,
        value: Math.round(Number(values.amount) * 100),
      });
      toast.success(t`Referral settings saved for ${title}`);
    } catch (e) {
      // A refusal that names no field is still shown under the amount, as before.
      if (
        !setServerErrors(form, renameFields(fieldErrors(e), COMMISSION_RENAME), COMMISSION_FIELDS)
      )
        form.setError(
          'amount',
          { message: errorMessage(e, t`Could not save`) },
          { shouldFocus: true },
        );
    }
  }

  if (query.isPending)
    return (
      <li>
        <Spinner label={t`Loading ${title}`} />
      </li>
    );
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <Form form={form} onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <input
            id={`${id}-on`}
            type="checkbox"
            className="size-4"
            {...form.register('isReferralBased')}
          />
          <label htmlFor={`${id}-on`} className="truncate font-medium">
            <Trans>Referrals for {title}</Trans>
          </label>
        </div>
        <FormField<CommissionValues> name="kind" label={t`Commission`}>
          {(control) => (
            <Select {...control}>
              <option value="percent">{t`Percent of revenue`}</option>
              <option value="fixed">{t`Fixed per ticket ($)`}</option>
            </Select>
          )}
        </FormField>
        <FormField<CommissionValues>
          name="amount"
          label={kind === 'percent' ? t`Percent` : t`Dollars per ticket`}
        >
          {(control) => <Input {...control} inputMode="decimal" className="w-28" />}
        </FormField>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          <Trans>Save</Trans>
        </Button>
      </Form>
    </li>
  );
}

/** Organizers opt their events into referrals (`is_referral_based`) and set the commission. */
export function EventReferralSettings() {
  const query = useQuery(myEventsQuery);
  const { t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Referrals for your events</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>
            Turn referrals on to let affiliates promote an event; you pay the commission only on
            paid orders, and refunds take it back.
          </Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={t`Loading your events`} />
        ) : query.isError ? (
          <p>
            <Trans>Your events could not be loaded.</Trans>
          </p>
        ) : query.data.events.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>You have no events yet.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {query.data.events.slice(0, 20).map((event) => (
              <EventRow key={event.id} eventId={event.id} title={event.title} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
