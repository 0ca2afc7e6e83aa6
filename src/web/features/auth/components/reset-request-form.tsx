import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordResetRequestSchema } from '../../../../contracts/accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { errorMessage, fieldErrors } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api';
import { useFieldMessage } from '../contract-messages';

// spec §8.
export const RESET_REQUEST_FALLBACK_ERROR = msg`An error occurred while sending the password reset email`;

type ResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** spec §2 "Reset Password tab": one email field; the link goes to /reset-password. */
export function ResetRequestForm() {
  const { i18n, t } = useLingui();
  const fieldMessage = useFieldMessage();
  // Messages change on submit only, as before the form library.
  const form = useForm<ResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  function onSubmit({ email }: ResetRequest) {
    setSentTo(null);
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      // A problem without a field (mail server down…) is shown under the one field too.
      onError: (e) =>
        form.setError('email', {
          message: fieldErrors(e).email ?? errorMessage(e, i18n._(RESET_REQUEST_FALLBACK_ERROR)),
        }),
    });
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={() => setSentTo(null)}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-muted-foreground">
        <Trans>
          Enter the email address of your account and we&apos;ll send you a link to choose a new
          password.
        </Trans>
      </p>
      {sentTo ? (
        <Alert variant="success" title={t`Check your email`}>
          <Trans>
            If an account exists for {sentTo}, we&apos;ve sent a link to reset your password. The
            link works for one hour.
          </Trans>
        </Alert>
      ) : null}
      <FormField<ResetRequest> formatError={fieldMessage} name="email" label={t`Email`}>
        {(control) => <Input {...control} type="email" autoComplete="email" required />}
      </FormField>
      <Button type="submit" disabled={request.isPending} className="w-full">
        {request.isPending ? t`Sending...` : t`Send Reset Link`}
      </Button>
    </Form>
  );
}
