import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { SessionUser } from '../../../contracts/auth';
import type { SecondFactorMethod } from '../../../contracts/two-factor';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorMessage, errorReason } from '../../lib/api-client';
import { usePasskeySecondFactor, useSecondFactor } from './api';

/** The sign-in's second step, after a correct password: a code, a recovery code or a passkey. */
export function SecondFactorStep({
  methods,
  onSignedIn,
  onRestart,
}: {
  methods: SecondFactorMethod[];
  onSignedIn: (user: SessionUser) => void;
  /** The pending sign-in expired: back to the password. */
  onRestart: (message: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withCode = useSecondFactor();
  const withPasskey = usePasskeySecondFactor();
  const busy = withCode.isPending || withPasskey.isPending;

  const handlers = {
    onSuccess: ({ user }: { user: SessionUser | null }) => (user ? onSignedIn(user) : null),
    onError: (failure: unknown) => {
      const message = errorMessage(failure, t`That did not work. Please try again.`);
      if (errorReason(failure) === 'SIGN_IN_EXPIRED') onRestart(message);
      else setError(message);
    },
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">
          <Trans>Two-factor sign-in</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          {recovery ? (
            <Trans>Enter one of the recovery codes you saved.</Trans>
          ) : (
            <Trans>Enter the 6-digit code from your authenticator app.</Trans>
          )}
        </p>
      </div>
      {error ? (
        <Alert variant="destructive" title={t`Sign in failed`}>
          {error}
        </Alert>
      ) : null}
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          const input = recovery
            ? { recoveryCode: value, trustDevice }
            : { code: value.trim(), trustDevice };
          withCode.mutate(input, handlers);
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-code`}>
            {recovery ? <Trans>Recovery code</Trans> : <Trans>Authentication code</Trans>}
          </Label>
          <Input
            id={`${id}-code`}
            key={recovery ? 'recovery' : 'code'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={recovery ? 40 : 6}
            required
            autoFocus
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={trustDevice}
            onChange={(event) => setTrustDevice(event.target.checked)}
            className="size-4"
          />
          <Trans>Trust this device for 30 days</Trans>
        </label>
        <Button type="submit" disabled={busy || !value.trim()} className="w-full">
          <Trans>Verify</Trans>
        </Button>
      </form>
      <div className="flex flex-col gap-2">
        {methods.includes('passkey') ? (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              setError(null);
              withPasskey.mutate(trustDevice, handlers);
            }}
          >
            <Trans>Use a passkey</Trans>
          </Button>
        ) : null}
        <Button
          variant="ghost"
          onClick={() => {
            setRecovery((r) => !r);
            setValue('');
            setError(null);
          }}
        >
          {recovery ? <Trans>Use the authenticator app</Trans> : <Trans>Use a recovery code</Trans>}
        </Button>
      </div>
    </div>
  );
}
