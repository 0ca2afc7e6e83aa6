import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { myEventsQuery } from '../events';
import { commissionQuery, useSaveCommission } from './api';

function EventRow({ eventId, title }: { eventId: string; title: string }) {
  const query = useQuery(commissionQuery(eventId));
  const save = useSaveCommission();
  const id = useId();
  const [on, setOn] = useState(false);
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [amount, setAmount] = useState('10');
  const [error, setError] = useState<string>();
  const { t } = useLingui();
  useEffect(() => {
    if (!query.data) return;
    setOn(query.data.isReferralBased);
    setKind(query.data.kind);
    setAmount(String(query.data.value / 100));
  }, [query.data]);
  if (query.isPending)
    return (
      <li>
        <Spinner label={t`Loading ${title}`} />
      </li>
    );
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const number = Number(amount);
          if (!Number.isFinite(number) || number < 0) {
            setError(t`Enter a number of 0 or more`);
            return;
          }
          setError(undefined);
          save.mutate(
            { eventId, isReferralBased: on, kind, value: Math.round(number * 100) },
            {
              onSuccess: () => toast.success(t`Referral settings saved for ${title}`),
              onError: (e) => setError(fieldErrors(e).value ?? errorMessage(e, t`Could not save`)),
            },
          );
        }}
      >
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <input
            id={`${id}-on`}
            type="checkbox"
            className="size-4"
            checked={on}
            onChange={(e) => setOn(e.target.checked)}
          />
          <label htmlFor={`${id}-on`} className="truncate font-medium">
            <Trans>Referrals for {title}</Trans>
          </label>
        </div>
        <Field id={`${id}-kind`} label={t`Commission`}>
          <Select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => setKind(e.target.value as 'percent' | 'fixed')}
          >
            <option value="percent">{t`Percent of revenue`}</option>
            <option value="fixed">{t`Fixed per ticket ($)`}</option>
          </Select>
        </Field>
        <Field
          id={`${id}-value`}
          label={kind === 'percent' ? t`Percent` : t`Dollars per ticket`}
          error={error}
        >
          <Input
            id={`${id}-value`}
            inputMode="decimal"
            className="w-28"
            value={amount}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy(`${id}-value`, { error })}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <Button type="submit" variant="outline" disabled={save.isPending}>
          <Trans>Save</Trans>
        </Button>
      </form>
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
