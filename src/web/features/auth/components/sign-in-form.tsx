import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useFieldMessage } from '../contract-messages';
import type { SecondFactorMethod } from '../../../../contracts/two-factor';
import { SecondFactorStep } from '../../two-factor';

// spec §8 texts.
export const SIGN_IN_TEXTS = {
  fallbackError: msg`An error occurred during login`,
  unconfirmed: {
    title: msg`Email not confirmed`,
    description: msg`Please check your email and click the verification link before signing in.`,
  },
} as const;

export function SignInForm({
  defaultEmail = '',
  onSignedIn,
}: {
  defaultEmail?: string;
  onSignedIn: (user: SessionUser) => void;
}) {
  const { i18n, t } = useLingui();
  const fieldMessage = useFieldMessage();
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
  // Two-factor sign-in: the password was right, the second step comes next.
  const [secondFactor, setSecondFactor] = useState<SecondFactorMethod[] | null>(null);

  // Every submit, valid or not, starts without the previous attempt's alerts.
  function clearOutcome() {
    setServerError(null);
    setUnconfirmedEmail(null);
  }

  // `input` is the schema's output: the address trimmed.
  function onSubmit(input: SignInInput) {
    clearOutcome();
    signIn.mutate(input, {
      onSuccess: ({ user, secondFactor: pending }) => {
        if (user) onSignedIn(user);
        else if (pending) setSecondFactor(pending.methods);
        else setServerError(i18n._(SIGN_IN_TEXTS.fallbackError));
      },
      onError: (error) => {
        // spec §5/§8: an unconfirmed email is a toast, not the destructive alert.
        if (errorReason(error) === 'EMAIL_NOT_CONFIRMED') {
          toast.error(i18n._(SIGN_IN_TEXTS.unconfirmed.title), {
            description: i18n._(SIGN_IN_TEXTS.unconfirmed.description),
          });
          setUnconfirmedEmail(input.email);
          return;
        }
        setServerError(errorMessage(error, i18n._(SIGN_IN_TEXTS.fallbackError)));
      },
    });
  }

  if (secondFactor)
    return (
      <SecondFactorStep
        methods={secondFactor}
        onSignedIn={onSignedIn}
        onRestart={(message) => {
          setSecondFactor(null);
          setServerError(message);
        }}
      />
    );
  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={clearOutcome} className="flex flex-col gap-4">
      {serverError ? (
        <Alert variant="destructive" title={t`Sign in failed`}>
          {serverError}
        </Alert>
      ) : null}
      {unconfirmedEmail ? (
        <Alert variant="info" title={t`Confirm your email first`}>
          <p>
            <Trans>We sent a confirmation link to {unconfirmedEmail}.</Trans>
          </p>
          <ResendConfirmation email={unconfirmedEmail} />
        </Alert>
      ) : null}
      <FormField<SignInInput> formatError={fieldMessage} name="email" label={t`Email`}>
        {(control) => <Input {...control} type="email" autoComplete="username" required />}
      </FormField>
      <FormField<SignInInput> formatError={fieldMessage} name="password" label={t`Password`}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" required />}
      </FormField>
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? t`Signing In...` : t`Sign In`}
      </Button>
    </Form>
  );
}
