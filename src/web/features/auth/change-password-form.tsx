import { useId, useState } from 'react';
import { newPasswordProblem } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { describedBy, Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useChangePassword } from './api';
import { focusField } from './components/focus-field';

type Name = 'currentPassword' | 'password' | 'confirmPassword';

const LABELS: Record<Name, { label: string; toggle: string; autoComplete: string }> = {
  currentPassword: {
    label: 'Current password',
    toggle: 'current password',
    autoComplete: 'current-password',
  },
  password: { label: 'New password', toggle: 'new password', autoComplete: 'new-password' },
  confirmPassword: {
    label: 'Confirm new password',
    toggle: 'confirm new password',
    autoComplete: 'new-password',
  },
};

/** Signed in: change the password (same rules as sign-up); other devices are signed out. */
export function ChangePasswordForm() {
  const id = useId();
  const empty = { currentPassword: '', password: '', confirmPassword: '' };
  const [values, setValues] = useState<Record<Name, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const change = useChangePassword();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setServerError(null);
    change.reset();
    const problem = !values.currentPassword
      ? { field: 'currentPassword', message: 'Please enter your current password' }
      : newPasswordProblem(values.password, values.confirmPassword);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      focusField(form, problem.field);
      return;
    }
    setErrors({});
    change.mutate(values, {
      onSuccess: () => setValues(empty),
      onError: (error) => {
        const fields = fieldErrors(error);
        if (Object.keys(fields).length) {
          setErrors(fields);
          const first = (['currentPassword', 'password', 'confirmPassword'] as const).find(
            (f) => fields[f],
          );
          if (first) focusField(form, first);
        } else setServerError(errorMessage(error, 'Your password could not be changed.'));
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {change.isSuccess ? (
        <Alert variant="success">
          Your password has been changed. Other devices signed in to your account were signed out.
        </Alert>
      ) : null}
      {serverError ? <Alert variant="destructive">{serverError}</Alert> : null}
      {(Object.keys(LABELS) as Name[]).map((name) => (
        <Field key={name} id={`${id}-${name}`} label={LABELS[name].label} error={errors[name]}>
          <PasswordInput
            id={`${id}-${name}`}
            name={name}
            toggleLabel={LABELS[name].toggle}
            autoComplete={LABELS[name].autoComplete}
            required
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            aria-invalid={Boolean(errors[name])}
            aria-describedby={describedBy(`${id}-${name}`, { error: errors[name] })}
          />
        </Field>
      ))}
      <Button type="submit" disabled={change.isPending} className="self-start">
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
