import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isLocale } from '../../../contracts/locales';
import {
  WaitlistJoinInputSchema,
  type WaitlistJoinInput,
  type WaitlistJoinResult,
} from '../../../contracts/waitlist';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { contractResolver, Form, FormField, setServerErrors } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useSession } from '../session';
import { useJoinWaitlist, waitlistAvailabilityQuery } from './api';
import { placePath } from './paths';

export interface JoinableType {
  id: string;
  name: string;
  minPerOrder: number;
  maxPerOrder: number;
}

/**
 * "Join waiting list" under a sold-out ticket type (decision 054): the quantity within the
 * type's per-order limits, and the email (the account's when signed in, fixed; typed when
 * signed out, confirmed by a mailed link). Shows nothing while the type is on sale.
 */
export function WaitlistJoin({
  eventId,
  ticketType,
}: {
  eventId: string;
  ticketType: JoinableType;
}) {
  const availability = useQuery(waitlistAvailabilityQuery(eventId));
  const row = availability.data?.ticketTypes.find((t) => t.ticketTypeId === ticketType.id);
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<WaitlistJoinResult | null>(null);
  if (!row?.open) return null;
  if (result) return <Joined result={result} />;
  return (
    <div className="basis-full">
      {open ? (
        <JoinForm
          eventId={eventId}
          ticketType={ticketType}
          onJoined={setResult}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          <Trans>Join waiting list</Trans>
        </Button>
      )}
    </div>
  );
}

function Joined({ result }: { result: WaitlistJoinResult }) {
  const place = result.place;
  if (!place)
    return (
      <p role="status" className="basis-full text-sm font-medium text-success">
        <Trans>Check your email: open the link we sent to confirm your place in line.</Trans>
      </p>
    );
  const ahead = place.ahead ?? 1;
  return (
    <p role="status" className="basis-full text-sm font-medium text-success">
      <Plural
        value={ahead}
        one="You're on the waiting list: next in line."
        other="You're on the waiting list: number # in line."
      />{' '}
      <Link to={placePath(place.token)} className="text-primary underline-offset-4 hover:underline">
        <Trans>See my place</Trans>
      </Link>
    </p>
  );
}

interface JoinValues {
  quantity: string;
  email: string;
}
const FIELDS = ['quantity', 'email'] as const;

function JoinForm({
  eventId,
  ticketType,
  onJoined,
  onCancel,
}: {
  eventId: string;
  ticketType: JoinableType;
  onJoined: (result: WaitlistJoinResult) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const say = useContractText();
  const { user } = useSession();
  const join = useJoinWaitlist(eventId);
  const quantities = Array.from(
    { length: Math.max(0, ticketType.maxPerOrder - ticketType.minPerOrder + 1) },
    (_, i) => ticketType.minPerOrder + i,
  ).filter((n) => n >= 1);
  // Signed in, the account's address is used: the field shows it and nothing is sent.
  const toInput = (values: JoinValues): WaitlistJoinInput => ({
    ticketTypeId: ticketType.id,
    quantity: Number(values.quantity),
    ...(user ? {} : { email: values.email.trim() }),
    ...(isLocale(i18n.locale) ? { language: i18n.locale } : {}),
  });
  const form = useForm<JoinValues>({
    defaultValues: { quantity: String(Math.max(1, ticketType.minPerOrder)), email: '' },
    resolver: contractResolver<JoinValues>(WaitlistJoinInputSchema, toInput, FIELDS),
  });
  const failure = form.formState.errors.root?.message;

  async function submit(values: JoinValues) {
    try {
      onJoined(await join.mutateAsync(toInput(values)));
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), FIELDS))
        form.setError('root', { message: errorMessage(error, t`Could not join the waiting list`) });
    }
  }

  const typeName = ticketType.name;
  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={t`Join the waiting list for ${typeName}`}
      className="flex flex-col gap-3 rounded-md border border-border bg-muted/40 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField<JoinValues> name="quantity" label={t`Tickets wanted`} formatError={say}>
          {(control) => (
            <Select {...control}>
              {quantities.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {user ? (
          <FormField<JoinValues>
            name="email"
            label={t`Email`}
            hint={t`We'll write to your account's address.`}
          >
            {(control) => <Input {...control} value={user.email} readOnly />}
          </FormField>
        ) : (
          <FormField<JoinValues>
            name="email"
            label={t`Email`}
            hint={t`We'll send a link to confirm it's yours.`}
            formatError={say}
          >
            {(control) => <Input {...control} type="email" autoComplete="email" />}
          </FormField>
        )}
      </div>
      {failure ? <Alert variant="destructive">{failure}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={join.isPending}>
          {join.isPending ? t`Joining...` : t`Join waiting list`}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Form>
  );
}
