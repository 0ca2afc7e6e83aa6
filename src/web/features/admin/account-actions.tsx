import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { AdminUserDetail } from '../../../contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { useAccountMail, useEraseAccount } from './api';

/**
 * The user dialog's account help: a password reset link, a new confirmation link,
 * and deleting the account, which asks for its email address typed out.
 */
export function AccountActions({
  user,
  onChanged,
}: {
  user: AdminUserDetail;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const email = user.email;
  const mail = useAccountMail();
  const [sent, setSent] = useState<string | null>(null);
  const [erasing, setErasing] = useState(false);
  const send = (kind: 'password-reset' | 'resend-confirmation', done: string) => {
    setSent(null);
    mail.mutate({ userId: user.id, kind }, { onSuccess: () => setSent(done) });
  };
  return (
    <section aria-label={t`Account help`} className="flex flex-col gap-2">
      {sent ? <Alert variant="success" title={sent} /> : null}
      {mail.error ? (
        <Alert variant="destructive" title={errorMessage(mail.error, t`Could not send the mail`)} />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          disabled={mail.isPending}
          onClick={() => send('password-reset', t`Password reset link sent to ${email}`)}
        >
          <Trans>Send password reset</Trans>
        </Button>
        {user.confirmed ? null : (
          <Button
            variant="outline"
            disabled={mail.isPending}
            onClick={() => send('resend-confirmation', t`Confirmation link sent to ${email}`)}
          >
            <Trans>Resend confirmation</Trans>
          </Button>
        )}
        <Button variant="destructive" onClick={() => setErasing(true)}>
          <Trans>Delete account</Trans>
        </Button>
      </div>
      {erasing ? (
        <EraseDialog
          user={user}
          onClose={() => setErasing(false)}
          onErased={() => {
            setErasing(false);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}

function EraseDialog({
  user,
  onClose,
  onErased,
}: {
  user: AdminUserDetail;
  onClose: () => void;
  onErased: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const name = user.fullName;
  const email = user.email;
  const [typed, setTyped] = useState('');
  const erase = useEraseAccount();
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();
  const fieldError = erase.error ? fieldErrors(erase.error).confirmEmail : undefined;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t`Delete ${name}'s account?`}
      description={t`Their name, email, phone, password and passkeys are erased and they are signed out everywhere. Orders and the audit log are kept, anonymised. This cannot be undone.`}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches)
            erase.mutate({ userId: user.id, confirmEmail: typed }, { onSuccess: onErased });
        }}
      >
        <Field
          id={`${id}-email`}
          label={
            <Trans>
              Type <span className="font-mono">{email}</span> to confirm
            </Trans>
          }
          error={fieldError}
        >
          <Input
            id={`${id}-email`}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy(`${id}-email`, { error: fieldError })}
          />
        </Field>
        {erase.error && !fieldError ? (
          <Alert variant="destructive" title={errorMessage(erase.error, t`Could not delete`)} />
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <Trans>Keep account</Trans>
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || erase.isPending}>
            <Trans>Delete account</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
