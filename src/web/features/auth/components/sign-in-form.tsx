import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SignInInputSchema, type SessionUser, type SignInInput } from '../../../../contracts/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage, errorReason } from '../../../lib/api-client';
import { useSignIn } from '../api';
import { ResendConfirmation } from './resend-confirmation';

// spec §8 texts.
export const SIGN_IN_TEXTS = {
  fallbackError: 'An error occurred during login',
  unconfirmed: {
    title: 'Email not confirmed',
    description: 'Please check your email and click the verification link before signing in.',
  },
} as const;

export function SignInForm({
  defaultEmail = '',
  onSignedIn,
}: {
  defaultEmail?: string;
  onSignedIn: (user: SessionUser) => void;
}) {
  // Messages change on submit only, as before the form library (no checks while typing).
  const form = useForm<SignInInput>({
    resolver: zodResolver(SignInInputSchema),
    defaultValues: { email: defaultEmail, password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const signIn = useSignIn();

  // Every submit, valid or not, starts without the previous attempt's alerts.
  function clearOutcome() {
    setServerError(null);
    setUnconfirmedEmail(null);
  }

  // `input` is the schema's output: the address trimmed.
  function onSubmit(input: SignInInput) {
    clearOutcome();
    signIn.mutate(input, {
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
          setUnconfirmedEmail(input.email);
          return;
        }
        setServerError(errorMessage(error, SIGN_IN_TEXTS.fallbackError));
      },
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={clearOutcome} className="flex flex-col gap-4">
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
      <FormField<SignInInput> name="email" label="Email">
        {(control) => <Input {...control} type="email" autoComplete="username" required />}
      </FormField>
      <FormField<SignInInput> name="password" label="Password">
        {(control) => <PasswordInput {...control} autoComplete="current-password" required />}
      </FormField>
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </Form>
  );
}
