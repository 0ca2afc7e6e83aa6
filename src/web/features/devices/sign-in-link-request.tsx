import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordResetRequestSchema, REQUIRED_MESSAGES } from '../../../contracts/accounts';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Form, FormField } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useRequestSignInLink } from './api';

type LinkRequest = z.infer<typeof PasswordResetRequestSchema>;

// The contract's English field messages, read in the page's language.
const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  [REQUIRED_MESSAGES.email]: msg`Please enter your email address`,
  [REQUIRED_MESSAGES.emailFormat]: msg`Please enter a valid email address`,
};

/**
 * "Email me a sign-in link" under the sign-in form: the way in without the password, also when
 * someone's guesses at it have slowed sign-ins. The answer is the same for any address.
 */
export function SignInLinkRequest() {
  const { i18n, t } = useLingui();
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestSignInLink();
  const form = useForm<LinkRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  if (!open) {
    return (
      <Button type="button" variant="ghost" className="self-center" onClick={() => setOpen(true)}>
        <Mail aria-hidden="true" className="size-4" />
        <Trans>Email me a sign-in link</Trans>
      </Button>
    );
  }

  function onSubmit({ email }: LinkRequest) {
    setSentTo(null);
    request.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (e) =>
        form.setError('email', {
          message: fieldErrors(e).email ?? errorMessage(e, t`The sign-in link could not be sent.`),
        }),
    });
  }

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onInvalid={() => setSentTo(null)}
      className="flex flex-col gap-3 rounded-md border border-border p-4"
      aria-label={t`Email me a sign-in link`}
    >
      <p className="text-sm text-muted-foreground">
        <Trans>
          We&apos;ll email you a link that signs you in once, without your password, within 15
          minutes.
        </Trans>
      </p>
      {sentTo ? (
        <Alert variant="success" title={t`Check your email`}>
          <Trans>
            If an account exists for {sentTo}, we&apos;ve sent a sign-in link. It works once, for 15
            minutes.
          </Trans>
        </Alert>
      ) : null}
      <FormField<LinkRequest>
        name="email"
        label={t`Email for the sign-in link`}
        formatError={(message) => {
          const descriptor = FIELD_MESSAGES[message];
          return descriptor ? i18n._(descriptor) : message;
        }}
      >
        {(control) => <Input {...control} type="email" autoComplete="email" required />}
      </FormField>
      <Button type="submit" variant="secondary" disabled={request.isPending} className="w-full">
        {request.isPending ? t`Sending...` : t`Send sign-in link`}
      </Button>
    </Form>
  );
}
