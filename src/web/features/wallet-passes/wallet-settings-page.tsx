import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { WalletConfig } from '../../../contracts/wallet-passes';
import { PageBody, PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/query-states';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { useSaveWalletConfig, walletConfigQuery } from './api';

const TEXTAREA =
  'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The account's wallet passes (decision 075): Apple's pass certificate and Google's service
 * account. Buyers see "Add to Apple Wallet" / "Save to Google Wallet" on their tickets only once
 * one is set up; keys are written here and never shown again.
 */
export function WalletSettingsPage() {
  const { t } = useLingui();
  const config = useQuery(walletConfigQuery());
  return (
    <PageBody narrow>
      <PageHeader
        title={<Trans>Wallet passes</Trans>}
        description={
          <Trans>
            Your buyers can add their tickets to Apple Wallet or Google Wallet once you set up an
            account here. Private keys are stored encrypted and never shown again.
          </Trans>
        }
      />
      {config.isPending ? (
        <Spinner />
      ) : config.isError ? (
        <LoadFailed
          title={t`The wallet settings could not be loaded`}
          error={config.error}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <AppleCard config={config.data} />
          <GoogleCard config={config.data} />
        </div>
      )}
    </PageBody>
  );
}

function Status({ configured, children }: { configured: boolean; children: ReactNode }) {
  return <Alert variant={configured ? 'success' : 'info'}>{children}</Alert>;
}

function usePemField(errors: Record<string, string>) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const field = (name: string, label: string, multiline = false, hint?: string) => {
    const controlId = `${id}-${name}`;
    const props = {
      id: controlId,
      value: values[name] ?? '',
      onChange: (e: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: e.target.value })),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': describedBy(controlId, { hint: Boolean(hint), error: errors[name] }),
      spellCheck: false,
      autoComplete: 'off',
    };
    return (
      <Field id={controlId} label={label} hint={hint} error={errors[name]}>
        {multiline ? <textarea className={TEXTAREA} {...props} /> : <Input {...props} />}
      </Field>
    );
  };
  return { values, field };
}

/**
 * The end of a card's form: the save's failure when no field names it, the button, and "Saved."
 * announced to screen readers once the save went through.
 */
function SaveRow({
  save,
  errors,
  done,
  failed,
  label,
}: {
  save: { isError: boolean; isPending: boolean; error: unknown };
  errors: Record<string, string>;
  done: boolean;
  failed: string;
  label: ReactNode;
}) {
  return (
    <>
      {save.isError && Object.keys(errors).length === 0 ? (
        <Alert variant="destructive">{errorMessage(save.error, failed)}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {label}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {done ? <Trans>Saved.</Trans> : null}
        </p>
      </div>
    </>
  );
}

function AppleCard({ config }: { config: WalletConfig }) {
  const { t } = useLingui();
  const save = useSaveWalletConfig('apple');
  const errors = fieldErrors(save.error);
  const { values, field } = usePemField(errors);
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    save.mutate(
      {
        applePassTypeId: values.applePassTypeId ?? '',
        appleTeamId: values.appleTeamId ?? '',
        appleCertificatePem: values.appleCertificatePem ?? '',
        applePrivateKeyPem: values.applePrivateKeyPem ?? '',
        appleWwdrPem: values.appleWwdrPem ?? '',
      },
      { onSuccess: () => setDone(true) },
    );
  };
  const apple = config.apple;
  const expires = apple ? formatDate(apple.certificateExpiresAt) : '';
  const passTypeId = apple?.passTypeId ?? '';
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 className="text-lg font-semibold">Apple Wallet</h2>
        <Status configured={apple !== null}>
          {apple ? (
            <Trans>
              Passes are signed with {passTypeId}; the certificate is valid until {expires}.
            </Trans>
          ) : (
            <Trans>
              Not set up: your buyers are not offered Apple Wallet passes. Add your Pass Type ID
              certificate from your Apple Developer account to offer them.
            </Trans>
          )}
        </Status>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('applePassTypeId', t`Pass Type ID`)}
            {field('appleTeamId', t`Team ID`)}
          </div>
          {field('appleCertificatePem', t`Pass certificate (PEM)`, true)}
          {field(
            'applePrivateKeyPem',
            t`Its private key (PEM)`,
            true,
            t`Without a passphrase: openssl pkey -in key.pem`,
          )}
          {field('appleWwdrPem', t`Apple WWDR certificate (PEM)`, true)}
          <SaveRow
            save={save}
            errors={errors}
            done={done}
            failed={t`The Apple Wallet settings could not be saved.`}
            label={<Trans>Save Apple Wallet settings</Trans>}
          />
        </form>
      </CardContent>
    </Card>
  );
}

function GoogleCard({ config }: { config: WalletConfig }) {
  const { t } = useLingui();
  const save = useSaveWalletConfig('google');
  const errors = fieldErrors(save.error);
  const { values, field } = usePemField(errors);
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    save.mutate(
      {
        googleIssuerId: values.googleIssuerId ?? '',
        googleServiceAccountEmail: values.googleServiceAccountEmail ?? '',
        googlePrivateKeyPem: values.googlePrivateKeyPem ?? '',
      },
      { onSuccess: () => setDone(true) },
    );
  };
  const google = config.google;
  const account = google?.serviceAccountEmail ?? '';
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 className="text-lg font-semibold">Google Wallet</h2>
        <Status configured={google !== null}>
          {google ? (
            <Trans>Passes are signed by {account}.</Trans>
          ) : (
            <Trans>
              Not set up: your buyers are not offered Google Wallet passes. Add a service account of
              your Google Wallet issuer to offer them.
            </Trans>
          )}
        </Status>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('googleIssuerId', t`Issuer ID`)}
            {field('googleServiceAccountEmail', t`Service account email`)}
          </div>
          {field(
            'googlePrivateKeyPem',
            t`Private key (PEM)`,
            true,
            t`The private_key of the service account's JSON key file.`,
          )}
          <SaveRow
            save={save}
            errors={errors}
            done={done}
            failed={t`The Google Wallet settings could not be saved.`}
            label={<Trans>Save Google Wallet settings</Trans>}
          />
        </form>
      </CardContent>
    </Card>
  );
}
