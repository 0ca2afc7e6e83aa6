import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DELETION_GRACE_DAYS } from '../../../contracts/privacy';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field, describedBy } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDateTime } from '../../lib/dates';
import { deletionQuery, useCancelDeletion, useRequestDeletion } from './api';

/** "Delete my account": confirmed by the password, then 14 days to change one's mind. */
export function DeleteAccountSection() {
  const { t } = useLingui();
  const status = useQuery(deletionQuery);
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const [password, setPassword] = useState('');
  const days = DELETION_GRACE_DAYS;
  const passwordError = fieldErrors(request.error).password;

  if (status.isPending) return <Spinner />;
  if (status.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(status.error, t`Your account's status could not be loaded.`)}
      </Alert>
    );

  const pending = status.data.deletion;
  if (pending) {
    const when = formatDateTime(pending.eraseAfter);
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="info" title={t`Your account is scheduled for deletion`}>
          <Trans>
            Your personal data will be erased on {when}. Until then you can keep your account:
            signing in again also keeps it.
          </Trans>
        </Alert>
        <div>
          <Button variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {cancel.isPending ? <Spinner className="size-4" /> : null}
            <Trans>Keep my account</Trans>
          </Button>
        </div>
        {cancel.isError ? (
          <Alert variant="destructive">
            {errorMessage(cancel.error, t`This could not be done. Please try again.`)}
          </Alert>
        ) : null}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(password, { onSuccess: () => setPassword('') });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="text-sm text-muted-foreground">
        <Trans>
          After {days} days we erase your personal data. Orders and invoices stay for accounting
          without your name, and messages you sent stay for the other person as from “Deleted user”.
          You can change your mind until then.
        </Trans>
      </p>
      <Field
        id="delete-password"
        label={t`Your password`}
        hint={t`Enter your password to confirm it is you.`}
        error={passwordError}
      >
        <PasswordInput
          id="delete-password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('delete-password', { hint: true, error: passwordError })}
          required
        />
      </Field>
      {request.isError && !passwordError ? (
        <Alert variant="destructive">
          {errorMessage(request.error, t`This could not be done. Please try again.`)}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" variant="destructive" disabled={request.isPending || !password}>
          {request.isPending ? <Spinner className="size-4" /> : null}
          <Trans>Delete my account</Trans>
        </Button>
      </div>
    </form>
  );
}
