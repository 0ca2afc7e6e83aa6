import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage } from '../../../lib/api-client';
import { useResendConfirmation } from '../api';

/**
 * "Resend confirmation email": a button when the address is known (right after sign-up or an
 * unconfirmed sign-in), otherwise a one-field form (an expired link in the mail).
 */
export function ResendConfirmation({ email: knownEmail }: { email?: string }) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const resend = useResendConfirmation();
  const id = useId();
  const email = knownEmail ?? typed.trim();

  function send(event?: React.FormEvent) {
    event?.preventDefault();
    // React submit events bubble through the component tree, e.g. into a sign-in form around us.
    event?.stopPropagation();
    if (!email) return;
    resend.mutate(email);
  }

  const failure = resend.isError ? (
    <p role="alert" className="text-sm text-destructive">
      {errorMessage(resend.error, t`The confirmation email could not be sent. Please try again.`)}
    </p>
  ) : null;

  if (resend.isSuccess) {
    return (
      <Alert variant="success">
        <Trans>
          If {email} still needs confirming, a new confirmation link is on its way. It can take a
          minute to arrive.
        </Trans>
      </Alert>
    );
  }

  // With a known address this is only a button: it may sit inside another form.
  if (knownEmail) {
    return (
      <div className="flex flex-col gap-2">
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          disabled={resend.isPending}
          onClick={() => send()}
        >
          {resend.isPending ? t`Sending...` : t`Resend confirmation email`}
        </Button>
        {failure}
      </div>
    );
  }

  return (
    <form onSubmit={send} className="flex flex-col gap-2" noValidate>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-email`}>
          <Trans>Email for a new confirmation link</Trans>
        </Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="self-start"
        disabled={resend.isPending || !email}
      >
        {resend.isPending ? t`Sending...` : t`Resend confirmation email`}
      </Button>
      {failure}
    </form>
  );
}
