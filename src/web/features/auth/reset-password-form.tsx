import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { NewPasswordSchema } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage, errorReason, fieldErrors } from '../../lib/api-client';
import { useResetPassword } from './api';
import { useFieldMessage } from './contract-messages';

const REQUEST_NEW_LINK = '/auth?tab=reset';
const LINK_PROBLEMS = ['invalid', 'expired', 'used'];

type NewPassword = z.infer<typeof NewPasswordSchema>;

/** /reset-password?token=…: choose a new password (the sign-up rules and texts, spec §5). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useLingui();
  const fieldMessage = useFieldMessage();
  // Errors stay until the next submit, as before the form library (no checks while typing).
  const form = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const reset = useResetPassword();

  if (!token) {
    return (
      <Alert variant="destructive" title={t`This password reset link is not valid`}>
        <p>
          <Trans>Open the link from your most recent email, or ask for a new one.</Trans>
        </p>
        <Link to={REQUEST_NEW_LINK} className="font-semibold underline">
          <Trans>Request a new link</Trans>
        </Link>
      </Alert>
    );
  }

  if (reset.isSuccess) {
    return (
      <Alert variant="success" title={t`Your password has been reset`}>
        <p>
          <Trans>You can now sign in with your new password.</Trans>
        </p>
        <Link to="/auth" className={buttonClasses({ size: 'sm', className: 'mt-2 self-start' })}>
          <Trans>Sign In</Trans>
        </Link>
      </Alert>
    );
  }

  function onSubmit(values: NewPassword) {
    setServerError(null);
    reset.mutate(
      { token: token ?? '', ...values },
      {
        onError: (error) => {
          const reason = errorReason(error);
          if (reason && LINK_PROBLEMS.includes(reason)) {
            setLinkProblem(error.message);
            return;
          }
          if (!setServerErrors(form, fieldErrors(error), ['password', 'confirmPassword']))
            setServerError(
              errorMessage(error, t`Your password could not be reset. Please try again.`),
            );
        },
      },
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
      {linkProblem ? (
        <Alert variant="destructive" title={t`This link cannot be used`}>
          <p>{linkProblem}</p>
          <Link to={REQUEST_NEW_LINK} className="font-semibold underline">
            <Trans>Request a new link</Trans>
          </Link>
        </Alert>
      ) : null}
      {serverError ? <Alert variant="destructive">{serverError}</Alert> : null}
      <FormField<NewPassword>
        formatError={fieldMessage}
        name="password"
        label={t`New password`}
        hint={t`At least 6 characters.`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            toggleLabel={t`new password`}
            autoComplete="new-password"
            required
          />
        )}
      </FormField>
      <FormField<NewPassword>
        formatError={fieldMessage}
        name="confirmPassword"
        label={t`Confirm new password`}
      >
        {(control) => (
          <PasswordInput
            {...control}
            toggleLabel={t`confirm new password`}
            autoComplete="new-password"
            required
          />
        )}
      </FormField>
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? t`Saving...` : t`Set New Password`}
      </Button>
    </Form>
  );
}
