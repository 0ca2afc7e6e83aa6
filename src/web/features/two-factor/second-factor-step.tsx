import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { SessionUser } from '../../../contracts/auth';
import {
  SecondFactorInputSchema,
  type SecondFactorInput,
  type SecondFactorMethod,
} from '../../../contracts/two-factor';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  contractResolver,
  Form,
  FormField,
  renameFields,
  setServerErrors,
} from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useContractText } from '../../i18n/contract-text';
import { errorMessage, errorReason, fieldErrors } from '../../lib/api-client';
import { usePasskeySecondFactor, useSecondFactor } from './api';

interface CodeValues {
  /** A recovery code instead of the app's code. */
  recovery: boolean;
  code: string;
  trustDevice: boolean;
}
const EMPTY: CodeValues = { recovery: false, code: '', trustDevice: false };
// The body as before: the app's code trimmed, a recovery code as typed (the server trims it).
const codeInput = ({ recovery, code, trustDevice }: CodeValues): SecondFactorInput =>
  recovery ? { recoveryCode: code, trustDevice } : { code: code.trim(), trustDevice };
// The contract's union has one schema per kind of code; the form checks the one in use.
const [WithCode, WithRecoveryCode] = SecondFactorInputSchema.options;
const byCode = contractResolver<CodeValues>(WithCode, codeInput, ['code']);
const byRecoveryCode = contractResolver<CodeValues>(WithRecoveryCode, codeInput, ['code'], {
  recoveryCode: 'code',
});
const codeResolver: Resolver<CodeValues> = (values, context, options) =>
  (values.recovery ? byRecoveryCode : byCode)(values, context, options);

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
  const say = useContractText();
  const form = useForm<CodeValues>({ defaultValues: EMPTY, resolver: codeResolver });
  const [recovery, value] = form.watch(['recovery', 'code']);
  const [error, setError] = useState<string | null>(null);
  const withCode = useSecondFactor();
  const withPasskey = usePasskeySecondFactor();
  const busy = withCode.isPending || withPasskey.isPending;

  const signedIn = ({ user }: { user: SessionUser | null }) => (user ? onSignedIn(user) : null);
  const failed = (failure: unknown) => {
    const message = errorMessage(failure, t`That did not work. Please try again.`);
    if (errorReason(failure) === 'SIGN_IN_EXPIRED') onRestart(message);
    else setError(message);
  };

  async function submit(values: CodeValues) {
    setError(null);
    try {
      signedIn(await withCode.mutateAsync(codeInput(values)));
    } catch (failure) {
      // A refused code's text on the box; a wrong or used code is the sign-in's failure.
      const fields = renameFields(fieldErrors(failure), { recoveryCode: 'code' });
      if (!setServerErrors(form, fields, ['code'])) failed(failure);
    }
  }

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
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField<CodeValues>
          name="code"
          label={recovery ? t`Recovery code` : t`Authentication code`}
          formatError={say}
        >
          {(control) => (
            <Input
              {...control}
              key={recovery ? 'recovery' : 'code'}
              inputMode={recovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              maxLength={recovery ? 40 : 6}
              autoFocus
            />
          )}
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('trustDevice')} className="size-4" />
          <Trans>Trust this device for 30 days</Trans>
        </label>
        <Button type="submit" disabled={busy || !value.trim()} className="w-full">
          <Trans>Verify</Trans>
        </Button>
      </Form>
      <div className="flex flex-col gap-2">
        {methods.includes('passkey') ? (
          <Button
            variant="outline"
            disabled={busy}
            onClick={() => {
              setError(null);
              withPasskey.mutate(form.getValues('trustDevice'), {
                onSuccess: signedIn,
                onError: failed,
              });
            }}
          >
            <Trans>Use a passkey</Trans>
          </Button>
        ) : null}
        <Button
          variant="ghost"
          onClick={() => {
            form.reset({ ...form.getValues(), recovery: !recovery, code: '' });
            setError(null);
          }}
        >
          {recovery ? <Trans>Use the authenticator app</Trans> : <Trans>Use a recovery code</Trans>}
        </Button>
      </div>
    </div>
  );
}
