import { useId, useState } from 'react';
import { SIGN_UP_MESSAGES } from '../../../../contracts/accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api';

// spec §8.
export const RESET_REQUEST_FALLBACK_ERROR =
  'An error occurred while sending the password reset email';

/** spec §2 "Reset Password tab": one email field; the link goes to /reset-password. */
export function ResetRequestForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    setSentTo(null);
    if (!value) {
      setError(SIGN_UP_MESSAGES.resetNoEmail);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setError(null);
    request.mutate(value, {
      onSuccess: () => setSentTo(value),
      onError: (e) =>
        setError(fieldErrors(e).email ?? errorMessage(e, RESET_REQUEST_FALLBACK_ERROR)),
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Enter the email address of your account and we&apos;ll send you a link to choose a new
        password.
      </p>
      {sentTo ? (
        <Alert variant="success" title="Check your email">
          If an account exists for {sentTo}, we&apos;ve sent a link to reset your password. The link
          works for one hour.
        </Alert>
      ) : null}
      <Field id={`${id}-email`} label="Email" error={error ?? undefined}>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(`${id}-email`, { error: error ?? undefined })}
        />
      </Field>
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
