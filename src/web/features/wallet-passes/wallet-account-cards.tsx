import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { WalletConfig } from '../../../contracts/wallet-passes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { describedBy, Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorMessage, fieldErrors } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { useSaveWalletConfig, type WalletScope } from './api';

// The Apple and Google wallet account cards, shared by an organizer's wallet settings and the
// console's page for the platform's own accounts (decision 099). Keys are written, never shown.

const TEXTAREA =
  'min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

interface RemoveAction {
  label: string;
  onRemove: () => void;
}

interface CardProps {
  config: WalletConfig;
  /** Whose account the card saves: the organizer's own, or the platform's. */
  scope: WalletScope;
  /** What the status says while the account is not set up. */
  notSetUp: ReactNode;
  /** A remove button beside the save, shown once the account is set up. */
  remove?: RemoveAction;
}

function Status({ configured, children }: { configured: boolean; children: ReactNode }) {
  return <Alert variant={configured ? 'success' : 'info'}>{children}</Alert>;
}

/**
 * A card's form: its fields (each sent as typed, empty when untouched), the save, its field
 * errors and "Saved." once it went through.
 */
function useAccountForm(kind: 'apple' | 'google', scope: WalletScope, names: readonly string[]) {
  const id = useId();
  const save = useSaveWalletConfig(kind, scope);
  const errors = fieldErrors(save.error);
  const [values, setValues] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const input = Object.fromEntries(names.map((name) => [name, values[name] ?? '']));
    save.mutate(input as Parameters<typeof save.mutate>[0], { onSuccess: () => setDone(true) });
  };
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
  return { save, errors, done, submit, field };
}

const APPLE_FIELDS = [
  'applePassTypeId',
  'appleTeamId',
  'appleCertificatePem',
  'applePrivateKeyPem',
  'appleWwdrPem',
] as const;
const GOOGLE_FIELDS = [
  'googleIssuerId',
  'googleServiceAccountEmail',
  'googlePrivateKeyPem',
] as const;

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
  remove,
}: {
  save: { isError: boolean; isPending: boolean; error: unknown };
  errors: Record<string, string>;
  done: boolean;
  failed: string;
  label: ReactNode;
  remove: RemoveAction | undefined;
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
        {remove ? (
          <Button type="button" variant="outline" onClick={remove.onRemove}>
            {remove.label}
          </Button>
        ) : null}
        <p role="status" className="text-sm text-muted-foreground">
          {done ? <Trans>Saved.</Trans> : null}
        </p>
      </div>
    </>
  );
}

/** The Apple Wallet card: the account's state, the form, and a way to remove it if offered. */
export function AppleCard({ config, scope, notSetUp, remove }: CardProps) {
  const { t } = useLingui();
  const { save, errors, done, submit, field } = useAccountForm('apple', scope, APPLE_FIELDS);
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
            notSetUp
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
            remove={apple ? remove : undefined}
          />
        </form>
      </CardContent>
    </Card>
  );
}

/** The Google Wallet card, as the Apple one. */
export function GoogleCard({ config, scope, notSetUp, remove }: CardProps) {
  const { t } = useLingui();
  const { save, errors, done, submit, field } = useAccountForm('google', scope, GOOGLE_FIELDS);
  const google = config.google;
  const account = google?.serviceAccountEmail ?? '';
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 className="text-lg font-semibold">Google Wallet</h2>
        <Status configured={google !== null}>
          {google ? <Trans>Passes are signed by {account}.</Trans> : notSetUp}
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
            remove={google ? remove : undefined}
          />
        </form>
      </CardContent>
    </Card>
  );
}
