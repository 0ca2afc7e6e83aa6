import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ChangePasswordSchema } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
import { PasswordInput } from '../../components/ui/password-input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useChangePassword } from './api';
import { useFieldMessage } from './contract-messages';

type ChangePassword = z.infer<typeof ChangePasswordSchema>;
type Name = keyof ChangePassword;

const NAMES = ['currentPassword', 'password', 'confirmPassword'] as const satisfies Name[];

// `toggle` names the field inside "Show …"/"Hide …" on the password's eye button.
const LABELS: Record<
  Name,
  { label: MessageDescriptor; toggle: MessageDescriptor; autoComplete: string }
> = {
  currentPassword: {
    label: msg`Current password`,
    toggle: msg`current password`,
    autoComplete: 'current-password',
  },
  password: { label: msg`New password`, toggle: msg`new password`, autoComplete: 'new-password' },
  confirmPassword: {
    label: msg`Confirm new password`,
    toggle: msg`confirm new password`,
    autoComplete: 'new-password',
  },
};

const EMPTY: ChangePassword = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * The contract's ChangePasswordSchema, showing one problem at a time as the form always did:
 * the current password first, then the sign-up rules for the new one.
 */
const checkChangePassword = zodResolver(ChangePasswordSchema);
const firstProblemOnly: Resolver<ChangePassword> = async (values, context, options) => {
  const result = await checkChangePassword(values, context, options);
  const first = NAMES.find((name) => result.errors[name]);
  return first ? { values: {}, errors: { [first]: result.errors[first] } } : result;
};

/** Signed in: change the password (same rules as sign-up); other devices are signed out. */
export function ChangePasswordForm() {
  const { i18n, t } = useLingui();
  const fieldMessage = useFieldMessage();
  // Messages change on submit only, as before the form library (no checks while typing).
  const form = useForm<ChangePassword>({
    resolver: firstProblemOnly,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const change = useChangePassword();

  // Every submit, valid or not, starts without the previous attempt's outcome.
  function clearOutcome() {
    setServerError(null);
    change.reset();
  }

  function onSubmit(values: ChangePassword) {
    clearOutcome();
    change.mutate(values, {
      onSuccess: () => form.reset(EMPTY),
      onError: (error) => {
        if (!setServerErrors(form, fieldErrors(error), NAMES))
          setServerError(errorMessage(error, t`Your password could not be changed.`));
      },
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit} onInvalid={clearOutcome} className="flex flex-col gap-4">
      {change.isSuccess ? (
        <Alert variant="success">
          <Trans>
            Your password has been changed. Other devices signed in to your account were signed out.
          </Trans>
        </Alert>
      ) : null}
      {serverError ? <Alert variant="destructive">{serverError}</Alert> : null}
      {NAMES.map((name) => (
        <FormField<ChangePassword>
          formatError={fieldMessage}
          key={name}
          name={name}
          label={i18n._(LABELS[name].label)}
        >
          {(control) => (
            <PasswordInput
              {...control}
              toggleLabel={i18n._(LABELS[name].toggle)}
              autoComplete={LABELS[name].autoComplete}
              required
            />
          )}
        </FormField>
      ))}
      <Button type="submit" disabled={change.isPending} className="self-start">
        {change.isPending ? t`Changing...` : t`Change Password`}
      </Button>
    </Form>
  );
}
