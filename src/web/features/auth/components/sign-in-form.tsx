import { useId, useState } from 'react';
import { toast } from 'sonner';
import { SignInInputSchema, type SessionUser } from '../../../../contracts/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage, errorReason } from '../../../lib/api-client';
import { useSignIn } from '../api';
import { focusField } from './focus-field';
import { ResendConfirmation } from './resend-confirmation';

// spec §8 texts.
export const SIGN_IN_TEXTS = {
  fallbackError: 'An error occurred during login',
  unconfirmed: {
    title: 'Email not confirmed',
    description: 'Please check your email and click the verification link before signing in.',
  },
} as const;

type Errors = Partial<Record<'email' | 'password', string>>;

export function SignInForm({
  defaultEmail = '',
  onSignedIn,
}: {
  defaultEmail?: string;
  onSignedIn: (user: SessionUser) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const signIn = useSignIn();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    setUnconfirmedEmail(null);
    const parsed = SignInInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      const first = next.email ? 'email' : 'password';
      focusField(event.currentTarget, first);
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data, {
      onSuccess: ({ user }) => {
        if (user) onSignedIn(user);
        else setServerError(SIGN_IN_TEXTS.fallbackError);
      },
      onError: (error) => {
        // spec §5/§8: an unconfirmed email is a toast, not the destructive alert.
        if (errorReason(error) === 'EMAIL_NOT_CONFIRMED') {
          toast.error(SIGN_IN_TEXTS.unconfirmed.title, {
            description: SIGN_IN_TEXTS.unconfirmed.description,
          });
          setUnconfirmedEmail(parsed.data.email);
          return;
        }
        setServerError(errorMessage(error, SIGN_IN_TEXTS.fallbackError));
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {serverError ? (
        <Alert variant="destructive" title="Sign in failed">
          {serverError}
        </Alert>
      ) : null}
      {unconfirmedEmail ? (
        <Alert variant="info" title="Confirm your email first">
          <p>We sent a confirmation link to {unconfirmedEmail}.</p>
          <ResendConfirmation email={unconfirmedEmail} />
        </Alert>
      ) : null}
      <Field id={`${id}-email`} label="Email" error={errors.email}>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy(`${id}-email`, { error: errors.email })}
        />
      </Field>
      <Field id={`${id}-password`} label="Password" error={errors.password}>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy(`${id}-password`, { error: errors.password })}
        />
      </Field>
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
