import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import {
  twoFactorQuery,
  useConfirmSetup,
  useNewRecoveryCodes,
  useStartSetup,
  useTurnOff,
} from './api';
import { RecoveryCodesList } from './recovery-codes-list';

/** The profile section's heading, in this feature's catalog. */
export const TWO_FACTOR_SECTION_TEXTS = {
  title: msg`Two-factor sign-in`,
  description: msg`A code from an authenticator app after your password.`,
};

/**
 * The profile's two-factor sign-in: set up an authenticator app (QR code or the key typed by
 * hand, confirmed by a first code), see the recovery codes once, replace them, turn it off.
 */
export function TwoFactorSection() {
  const { t } = useLingui();
  const id = useId();
  const status = useQuery(twoFactorQuery);
  const start = useStartSetup();
  const confirm = useConfirmSetup();
  const newCodes = useNewRecoveryCodes();
  const turnOff = useTurnOff();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = start.data && !confirm.isSuccess ? start.data : null;
  const failed = [start, confirm, newCodes, turnOff].find((m) => m.isError)?.error;

  if (status.isPending) return <Spinner label={t`Loading two-factor sign-in`} />;
  if (status.isError)
    return (
      <Alert variant="destructive">
        {errorMessage(status.error, t`Your two-factor settings could not be loaded.`)}
      </Alert>
    );

  const count = status.data.recoveryCodesLeft;
  return (
    <div className="flex flex-col gap-4">
      {failed ? (
        <Alert variant="destructive">{errorMessage(failed, t`That did not work.`)}</Alert>
      ) : null}
      {codes ? <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} /> : null}
      {status.data.enabled ? (
        <>
          <p className="text-sm">
            <Trans>Two-factor sign-in is on.</Trans>{' '}
            <Plural
              value={count}
              one="You have # recovery code left."
              other="You have # recovery codes left."
            />
          </p>
          {status.data.hasPasskey ? (
            <p className="text-sm text-muted-foreground">
              <Trans>Your passkeys also work as the second step.</Trans>
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={newCodes.isPending}
              onClick={() =>
                newCodes.mutate(undefined, { onSuccess: (r) => setCodes(r.recoveryCodes) })
              }
            >
              <Trans>New recovery codes</Trans>
            </Button>
            <Button
              variant="destructive"
              disabled={turnOff.isPending}
              onClick={() => turnOff.mutate(undefined, { onSuccess: () => setCodes(null) })}
            >
              <Trans>Turn off two-factor sign-in</Trans>
            </Button>
          </div>
        </>
      ) : setup ? (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            confirm.mutate(code.trim(), {
              onSuccess: (result) => {
                setCodes(result.recoveryCodes);
                setCode('');
              },
            });
          }}
        >
          <p className="text-sm">
            <Trans>Scan this QR code with your authenticator app.</Trans>
          </p>
          <img
            src={setup.qrCode}
            alt={t`QR code that adds your account to an authenticator app`}
            className="size-48 self-start rounded-md border border-border bg-white p-2"
          />
          <p className="text-sm">
            <Trans>Or enter this key by hand:</Trans>{' '}
            <code
              dir="ltr"
              className="break-all rounded bg-muted px-1 font-mono"
              data-testid="totp-secret"
            >
              {setup.secret}
            </code>
          </p>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-code`}>
              <Trans>The 6-digit code the app shows</Trans>
            </Label>
            <Input
              id={`${id}-code`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              className="max-w-40"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              <Trans>Turn on</Trans>
            </Button>
            <Button variant="ghost" onClick={() => start.reset()}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Add a second step to signing in: a code from an authenticator app on your phone, so a
              stolen password alone cannot open your account.
            </Trans>
          </p>
          <Button
            className="self-start"
            disabled={start.isPending}
            onClick={() => {
              confirm.reset();
              start.mutate();
            }}
          >
            <Trans>Set up two-factor sign-in</Trans>
          </Button>
        </>
      )}
    </div>
  );
}
