import { useId, useState } from 'react';
import { Link } from 'react-router';
import { newPasswordProblem } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage, errorReason, fieldErrors } from '../../lib/api-client';
import { useResetPassword } from './api';
import { focusField } from './components/focus-field';

const REQUEST_NEW_LINK = '/auth?tab=reset';
const LINK_PROBLEMS = ['invalid', 'expired', 'used'];

/** /reset-password?token=…: choose a new password (the sign-up rules and texts, spec §5). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const reset = useResetPassword();

  if (!token) {
    return (
      <Alert variant="destructive" title="This password reset link is not valid">
        <p>Open the link from your most recent email, or ask for a new one.</p>
        <Link to={REQUEST_NEW_LINK} className="font-semibold underline">
          Request a new link
        </Link>
      </Alert>
    );
  }

  if (reset.isSuccess) {
    return (
      <Alert variant="success" title="Your password has been reset">
        <p>You can now sign in with your new password.</p>
        <Link to="/auth" className={buttonClasses({ size: 'sm', className: 'mt-2 self-start' })}>
          Sign In
        </Link>
      </Alert>
    );
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setServerError(null);
    const problem = newPasswordProblem(password, confirmPassword);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      focusField(form, problem.field);
      return;
    }
    setErrors({});
    reset.mutate(
      { token: token ?? '', password, confirmPassword },
      {
        onError: (error) => {
          const reason = errorReason(error);
          if (reason && LINK_PROBLEMS.includes(reason)) {
            setLinkProblem(error.message);
            return;
          }
          const fields = fieldErrors(error);
          if (fields.password || fields.confirmPassword) setErrors(fields);
          else
            setServerError(
              errorMessage(error, 'Your password could not be reset. Please try again.'),
            );
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {linkProblem ? (
        <Alert variant="destructive" title="This link cannot be used">
          <p>{linkProblem}</p>
          <Link to={REQUEST_NEW_LINK} className="font-semibold underline">
            Request a new link
          </Link>
        </Alert>
      ) : null}
      {serverError ? <Alert variant="destructive">{serverError}</Alert> : null}
      <Field
        id={`${id}-password`}
        label="New password"
        hint="At least 6 characters."
        error={errors.password}
      >
        <PasswordInput
          id={`${id}-password`}
          name="password"
          toggleLabel="new password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy(`${id}-password`, { hint: true, error: errors.password })}
        />
      </Field>
      <Field id={`${id}-confirm`} label="Confirm new password" error={errors.confirmPassword}>
        <PasswordInput
          id={`${id}-confirm`}
          name="confirmPassword"
          toggleLabel="confirm new password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          aria-invalid={Boolean(errors.confirmPassword)}
          aria-describedby={describedBy(`${id}-confirm`, { error: errors.confirmPassword })}
        />
      </Field>
      <Button type="submit" disabled={reset.isPending} className="w-full">
        {reset.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
