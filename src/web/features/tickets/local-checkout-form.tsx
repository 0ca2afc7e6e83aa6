import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CreditCard, Lock, ShieldCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  LocalPayInputSchema,
  TICKET_MESSAGES,
  type LocalCheckoutSession,
} from '../../../contracts/tickets';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import { useLocalConfirm, useLocalPay, type LocalPayInput, type LocalPayResult } from './api';
import { HoldCountdown } from './components/hold-countdown';
import { useTimeLeft } from './countdown';

// The test checkout's card form and its frame (the page itself is local-checkout.tsx): the
// card, the 3-D Secure step and the test cards.

type FieldName = keyof LocalPayInput;

// The card form checks itself with the shared schema, whose texts are English; each field's
// message is shown in the page's language (any other issue keeps the schema's own text).
const CARD_ERRORS: Record<FieldName, { english: string; message: MessageDescriptor }> = {
  name: {
    english: 'Please enter the name on the card',
    message: msg`Please enter the name on the card`,
  },
  cardNumber: {
    english: TICKET_MESSAGES.cardInvalid,
    message: msg`Please enter a valid card number`,
  },
  expiry: {
    english: TICKET_MESSAGES.expiryInvalid,
    message: msg`Please enter a valid expiry date (MM/YY) in the future`,
  },
  cvc: {
    english: TICKET_MESSAGES.cvcInvalid,
    message: msg`Please enter the 3 or 4 digit security code`,
  },
};

/** "4242424242424242" → "4242 4242 4242 4242" as the buyer types. */
export function groupCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" → "12/30" as the buyer types. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The hosted checkout's page around its content, outside the main layout. */
export function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/50 px-4 py-8 md:py-12">
      <div className="mx-auto flex max-w-xl flex-col gap-6">
        <p className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          <Lock aria-hidden="true" className="size-4" />
          <Trans>MEA Pay · test checkout</Trans>
        </p>
        {children}
      </div>
    </div>
  );
}

export function CheckoutForm({
  session,
  sessionId,
}: {
  session: LocalCheckoutSession;
  sessionId: string;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const pay = useLocalPay(sessionId);
  const confirm = useLocalConfirm(sessionId);
  const [values, setValues] = useState<LocalPayInput>({
    name: '',
    cardNumber: '',
    expiry: '',
    cvc: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [decline, setDecline] = useState<string | null>(session.lastError);
  const [step, setStep] = useState<'card' | 'auth' | 'redirecting'>(
    session.status === 'requires_action' ? 'auth' : 'card',
  );
  const cardRef = useRef<HTMLInputElement>(null);
  const left = useTimeLeft(session.expiresAt);
  const isExpired = session.status === 'expired' || left === 0;
  const amount = formatMoney(session.amountCents, session.currency);
  // A subscription's free trial: the card is saved, nothing is charged today (as on Stripe).
  const action = session.amountCents === 0 ? t`Start free trial` : t`Pay ${amount}`;

  function onResult(result: LocalPayResult) {
    if (result.status === 'succeeded') {
      setStep('redirecting');
      window.location.assign(result.redirectUrl ?? session.successUrl);
    } else if (result.status === 'requires_action') {
      setDecline(null);
      setStep('auth');
    } else {
      setStep('card');
      setDecline(result.message ?? t`Your card was declined. Please use another card.`);
      setValues((v) => ({ ...v, cardNumber: '', cvc: '' }));
      requestAnimationFrame(() => cardRef.current?.focus());
    }
  }

  function onFailure(error: unknown) {
    // The server's refusal on the card's own fields, the first focused as the client check does.
    const fields = fieldErrors(error) as Partial<Record<FieldName, string>>;
    const refused = (Object.keys(CARD_ERRORS) as FieldName[]).filter((name) => fields[name]);
    if (!refused.length)
      return setDecline(
        errorMessage(error, t`The payment could not be processed. Please try again.`),
      );
    setErrors(fields);
    requestAnimationFrame(() => document.getElementById(`${id}-${refused[0]}`)?.focus());
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setDecline(null);
    const parsed = LocalPayInputSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as FieldName;
        const known = CARD_ERRORS[name];
        next[name] ??= known?.english === issue.message ? i18n._(known.message) : issue.message;
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    pay.mutate(values, { onSuccess: onResult, onError: onFailure });
  }

  const control = (name: FieldName) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': describedBy(`${id}-${name}`, { error: errors[name] }),
  });

  return (
    <Frame>
      <section
        aria-labelledby={`${id}-title`}
        className="flex flex-col gap-3 rounded-lg border border-border bg-background p-5 shadow-sm"
      >
        <h1 id={`${id}-title`} className="text-2xl font-bold">
          {action}
        </h1>
        <p className="text-muted-foreground">{session.description}</p>
        <ul className="flex flex-col divide-y divide-border text-sm">
          {session.lines.map((line, i) => (
            <li key={i} className="flex justify-between gap-3 py-2">
              <span>{line.label}</span>
              <span className="tabular-nums">
                {formatMoney(line.amountCents, session.currency)}
              </span>
            </li>
          ))}
          <li className="flex justify-between gap-3 py-2 font-bold">
            <span>
              <Trans>Total</Trans>
            </span>
            <span className="tabular-nums">{amount}</span>
          </li>
        </ul>
        {session.status !== 'complete' ? <HoldCountdown expiresAt={session.expiresAt} /> : null}
      </section>

      {session.status === 'complete' ? (
        <Alert variant="success" title={t`This payment is complete`}>
          <a href={session.successUrl} className="font-medium underline">
            <Trans>Continue</Trans>
          </a>
        </Alert>
      ) : isExpired ? (
        <Alert variant="destructive" title={t`This checkout has expired`}>
          <p>
            <Trans>The tickets are no longer reserved. Please choose them again.</Trans>
          </p>
        </Alert>
      ) : step === 'redirecting' ? (
        <div
          role="status"
          className="flex flex-col items-center gap-2 rounded-lg border border-border bg-background p-6"
        >
          <ShieldCheck aria-hidden="true" className="size-8 text-success" />
          <p className="font-semibold">
            <Trans>Payment accepted. Taking you back…</Trans>
          </p>
        </div>
      ) : step === 'auth' ? (
        <section
          aria-labelledby={`${id}-auth`}
          className="flex flex-col gap-4 rounded-lg border border-border bg-background p-5 shadow-sm"
        >
          <h2 id={`${id}-auth`} className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            <Trans>Confirm this payment</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Your bank asks you to confirm the payment of {amount} (a test of 3-D Secure). Choose
              an outcome.
            </Trans>
          </p>
          {confirm.isError ? (
            <Alert variant="destructive">
              {errorMessage(confirm.error, t`The confirmation failed. Please try again.`)}
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(true, { onSuccess: onResult })}
            >
              <Trans>Complete authentication</Trans>
            </Button>
            <Button
              variant="outline"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(false, { onSuccess: onResult })}
            >
              <Trans>Fail authentication</Trans>
            </Button>
          </div>
        </section>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          aria-labelledby={`${id}-card`}
          className="flex flex-col gap-4 rounded-lg border border-border bg-background p-5 shadow-sm"
        >
          <h2 id={`${id}-card`} className="flex items-center gap-2 text-lg font-semibold">
            <CreditCard aria-hidden="true" className="size-5 text-primary" />
            <Trans>Card details</Trans>
          </h2>
          {decline ? (
            <Alert variant="destructive" title={t`Payment declined`}>
              {decline}
            </Alert>
          ) : null}
          <Field id={`${id}-name`} label={t`Name on card`} error={errors.name}>
            <Input
              {...control('name')}
              autoComplete="cc-name"
              onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            />
          </Field>
          <Field id={`${id}-cardNumber`} label={t`Card number`} error={errors.cardNumber}>
            <Input
              {...control('cardNumber')}
              ref={cardRef}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              onChange={(e) =>
                setValues((v) => ({ ...v, cardNumber: groupCardNumber(e.target.value) }))
              }
            />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id={`${id}-expiry`} label={t`Expiry (MM/YY)`} error={errors.expiry}>
              <Input
                {...control('expiry')}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder={t`MM/YY`}
                onChange={(e) => setValues((v) => ({ ...v, expiry: formatExpiry(e.target.value) }))}
              />
            </Field>
            <Field id={`${id}-cvc`} label={t`CVC`} error={errors.cvc}>
              <Input
                {...control('cvc')}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                onChange={(e) =>
                  setValues((v) => ({ ...v, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) }))
                }
              />
            </Field>
          </div>
          <Button type="submit" size="lg" disabled={pay.isPending}>
            {pay.isPending ? t`Processing...` : action}
          </Button>
        </form>
      )}

      <section
        aria-labelledby={`${id}-test`}
        className="rounded-lg border border-dashed border-border bg-background p-4 text-sm"
      >
        <h2 id={`${id}-test`} className="mb-2 font-semibold">
          <Trans>Test cards</Trans>
        </h2>
        <p className="mb-2 text-muted-foreground">
          <Trans>
            No real money moves. Use any name, a future expiry date and any 3 digits as CVC.
          </Trans>
        </p>
        <ul className="flex flex-col gap-1">
          <li>
            <Trans>
              <span className="font-mono font-semibold">4242 4242 4242 4242</span> succeeds
            </Trans>
          </li>
          <li>
            <Trans>
              <span className="font-mono font-semibold">4000 0000 0000 0002</span> is declined
            </Trans>
          </li>
          <li>
            <Trans>
              <span className="font-mono font-semibold">4000 0025 0000 3155</span> asks for an extra
              authentication step
            </Trans>
          </li>
        </ul>
      </section>

      {session.status !== 'complete' ? (
        <a
          href={session.cancelUrl}
          className="self-center text-sm font-medium text-primary hover:underline"
        >
          <Trans>Cancel and return</Trans>
        </a>
      ) : null}
    </Frame>
  );
}
