import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import {
  passkeysQuery,
  usePlatformAuthenticator,
  useRegisterPasskey,
  useRemovePasskey,
} from './api';
import { formatDate as formatDay } from '../../lib/dates';

function formatDate(iso: string) {
  return formatDay(iso);
}

/**
 * The profile's passkeys (the spec's "face recognition"): list, add one from this device when
 * it has a platform authenticator, remove.
 */
export function PasskeysSection() {
  const id = useId();
  const availability = usePlatformAuthenticator();
  const list = useQuery(passkeysQuery);
  const register = useRegisterPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const { t } = useLingui();

  function add(event: React.FormEvent) {
    event.preventDefault();
    remove.reset();
    register.mutate(name, { onSuccess: () => setName('') });
  }

  return (
    <div className="flex flex-col gap-4">
      {list.isPending ? (
        <Spinner label={t`Loading passkeys`} />
      ) : list.isError ? (
        <Alert variant="destructive">
          {errorMessage(list.error, t`Your passkeys could not be loaded.`)}
        </Alert>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Trans>
            You have no passkeys yet. A passkey lets you sign in with your face, fingerprint or
            device PIN instead of your password.
          </Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {list.data.map((passkey) => {
            const added = formatDate(passkey.createdAt);
            const lastUsed = passkey.lastUsedAt ? formatDate(passkey.lastUsedAt) : null;
            const passkeyName = passkey.name;
            return (
              <li key={passkey.id} className="flex items-center gap-3 px-4 py-3">
                <KeyRound aria-hidden="true" className="size-5 shrink-0 text-primary" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{passkey.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {lastUsed ? (
                      <Trans>
                        Added {added} · Last used {lastUsed}
                      </Trans>
                    ) : (
                      <Trans>Added {added} · Never used</Trans>
                    )}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t`Remove passkey ${passkeyName}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(passkey.id)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="max-sm:sr-only">
                    <Trans>Remove</Trans>
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}

      {register.isSuccess ? (
        <Alert variant="success">
          <Trans>Passkey added. You can now sign in with face recognition on this device.</Trans>
        </Alert>
      ) : null}
      {register.isError ? (
        <Alert variant="destructive">
          {errorMessage(register.error, t`The passkey could not be added. Please try again.`)}
        </Alert>
      ) : null}
      {remove.isError ? (
        <Alert variant="destructive">
          {errorMessage(remove.error, t`The passkey could not be removed.`)}
        </Alert>
      ) : null}

      {availability === 'checking' ? null : availability === 'available' ? (
        <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor={`${id}-name`}>
              <Trans>Passkey name (optional)</Trans>
            </Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={60}
              placeholder={t`e.g. My phone`}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={register.isPending}>
            <KeyRound aria-hidden="true" className="size-4" />
            {register.isPending ? (
              <Trans>Waiting for your device...</Trans>
            ) : (
              <Trans>Add a passkey</Trans>
            )}
          </Button>
        </form>
      ) : (
        <Alert variant="info" title={t`Passkeys are not available on this device`}>
          <Trans>
            This device has no face recognition, fingerprint reader or screen lock that the browser
            can use. Open your profile on a device that has one to add a passkey.
          </Trans>
        </Alert>
      )}
    </div>
  );
}
