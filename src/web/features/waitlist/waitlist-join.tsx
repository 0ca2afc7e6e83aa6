import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isLocale } from '../../../contracts/locales';
import type { WaitlistJoinResult } from '../../../contracts/waitlist';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, describedBy } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { errorMessage } from '../../lib/api-client';
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
  const id = useId();
  const { user } = useSession();
  const join = useJoinWaitlist(eventId);
  const [quantity, setQuantity] = useState(Math.max(1, ticketType.minPerOrder));
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const quantities = Array.from(
    { length: Math.max(0, ticketType.maxPerOrder - ticketType.minPerOrder + 1) },
    (_, i) => ticketType.minPerOrder + i,
  ).filter((n) => n >= 1);
  const accountEmail = user?.email ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!user && !/^\S+@\S+\.\S+$/.test(email.trim())) {
      setEmailError(t`Please enter a valid email address`);
      return;
    }
    setEmailError(undefined);
    join.mutate(
      {
        ticketTypeId: ticketType.id,
        quantity,
        ...(user ? {} : { email: email.trim() }),
        ...(isLocale(i18n.locale) ? { language: i18n.locale } : {}),
      },
      { onSuccess: onJoined },
    );
  }

  const typeName = ticketType.name;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t`Join the waiting list for ${typeName}`}
      className="flex flex-col gap-3 rounded-md border border-border bg-muted/40 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-q`} label={t`Tickets wanted`}>
          <Select
            id={`${id}-q`}
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
          >
            {quantities.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
        {user ? (
          <Field
            id={`${id}-email`}
            label={t`Email`}
            hint={t`We'll write to your account's address.`}
          >
            <Input
              id={`${id}-email`}
              value={accountEmail}
              readOnly
              aria-describedby={describedBy(`${id}-email`, { hint: true })}
            />
          </Field>
        ) : (
          <Field
            id={`${id}-email`}
            label={t`Email`}
            hint={t`We'll send a link to confirm it's yours.`}
            error={emailError}
          >
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={Boolean(emailError)}
              aria-describedby={describedBy(`${id}-email`, { hint: true, error: emailError })}
            />
          </Field>
        )}
      </div>
      {join.error ? (
        <Alert variant="destructive">
          {errorMessage(join.error, t`Could not join the waiting list`)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={join.isPending}>
          {join.isPending ? t`Joining...` : t`Join waiting list`}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
