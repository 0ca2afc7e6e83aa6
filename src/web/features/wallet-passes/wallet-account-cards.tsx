import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { WalletConfig } from '../../../contracts/wallet-passes';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Form, FormField, setServerErrors } from '../../components/ui/form';
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
 * A card's form: its fields (each sent as typed, empty when untouched), the save, and "Saved."
 * once it went through. The server is the one check: it names an empty field, and only it can
 * tell whether a key belongs to its certificate. Its refusals land on their fields, the first
 * focused; one naming no field of the card is the save's failure.
 */
function useAccountForm(kind: 'apple' | 'google', scope: WalletScope, names: readonly string[]) {
  const save = useSaveWalletConfig(kind, scope);
  const form = useForm<Record<string, string>>({
    defaultValues: Object.fromEntries(names.map((name) => [name, ''])),
  });
  const [done, setDone] = useState(false);
  const failure = form.formState.errors.root?.message;
  const onSubmit = async (values: Record<string, string>) => {
    setDone(false);
    const input = Object.fromEntries(names.map((name) => [name, values[name] ?? '']));
    try {
      await save.mutateAsync(input as Parameters<typeof save.mutate>[0]);
      setDone(true);
    } catch (error) {
      if (!setServerErrors(form, fieldErrors(error), names))
        form.setError('root', { message: errorMessage(error, '') });
    }
  };
  const field = (name: string, label: string, multiline = false, hint?: string) => (
    <FormField name={name} label={label} hint={hint}>
      {(control) =>
        multiline ? (
          <textarea className={TEXTAREA} {...control} spellCheck={false} autoComplete="off" />
        ) : (
          <Input {...control} spellCheck={false} autoComplete="off" />
        )
      }
    </FormField>
  );
  return { form, save, failure, done, onSubmit, field };
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
  busy,
  failure,
  done,
  failed,
  label,
  remove,
}: {
  busy: boolean;
  /** The server's message, '' when it gave none (the card's own text is shown then). */
  failure: string | undefined;
  done: boolean;
  failed: string;
  label: ReactNode;
  remove: RemoveAction | undefined;
}) {
  return (
    <>
      {failure !== undefined ? <Alert variant="destructive">{failure || failed}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
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
  const { form, save, failure, done, onSubmit, field } = useAccountForm(
    'apple',
    scope,
    APPLE_FIELDS,
  );
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
        <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
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
            busy={save.isPending}
            failure={failure}
            done={done}
            failed={t`The Apple Wallet settings could not be saved.`}
            label={<Trans>Save Apple Wallet settings</Trans>}
            remove={apple ? remove : undefined}
          />
        </Form>
      </CardContent>
    </Card>
  );
}

/** The Google Wallet card, as the Apple one. */
export function GoogleCard({ config, scope, notSetUp, remove }: CardProps) {
  const { t } = useLingui();
  const { form, save, failure, done, onSubmit, field } = useAccountForm(
    'google',
    scope,
    GOOGLE_FIELDS,
  );
  const google = config.google;
  const account = google?.serviceAccountEmail ?? '';
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <h2 className="text-lg font-semibold">Google Wallet</h2>
        <Status configured={google !== null}>
          {google ? <Trans>Passes are signed by {account}.</Trans> : notSetUp}
        </Status>
        <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4">
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
            busy={save.isPending}
            failure={failure}
            done={done}
            failed={t`The Google Wallet settings could not be saved.`}
            label={<Trans>Save Google Wallet settings</Trans>}
            remove={google ? remove : undefined}
          />
        </Form>
      </CardContent>
    </Card>
  );
}
