import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-client';
import { useSubscribeNewsletter } from './api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeNewsletter();
  const { t } = useLingui();

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) return setError(t`Please enter a valid email address`);
    setError(null);
    subscribe.mutate(value);
  }

  if (subscribe.isSuccess) {
    const address = email.trim();
    return (
      <Alert variant="success" title={t`Check your inbox`}>
        <Trans>
          We sent a confirmation link to {address}. Click it to start receiving the newsletter.
        </Trans>
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 text-start">
      <label htmlFor={id} className="text-sm font-medium">
        <Trans>Email address</Trans>
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button type="submit" disabled={subscribe.isPending}>
          <Trans>Subscribe</Trans>
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {subscribe.isError ? (
        <Alert variant="destructive">
          {errorMessage(subscribe.error, t`Could not subscribe. Please try again.`)}
        </Alert>
      ) : null}
    </form>
  );
}
