import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { PasswordInput } from '../../components/ui/password-input';
import { catalogsReady } from '../../i18n/catalogs';
import { LanguageProvider } from '../../i18n/lingui-react';
import { errorMessage } from '../../lib/api-client';
import { reauthWithPasskey, reauthWithPassword } from './api';

/**
 * The dialog a sensitive action opens when the server asks who is there (403 REAUTH_REQUIRED):
 * the password, or a passkey on a device that has one. Resolves true once confirmed (the call is
 * then retried), false when the person closes it.
 */
function ReauthPrompt({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passkeys = typeof window !== 'undefined' && Boolean(window.PublicKeyCredential);

  async function confirm(check: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await check();
      onDone(true);
    } catch (failure) {
      setError(errorMessage(failure, t`That did not work. Please try again.`));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onDone(false))}
      title={t`Confirm it is you`}
      description={t`For your security, enter your password again to continue.`}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm(() => reauthWithPassword(password));
        }}
      >
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-password`}>
            <Trans>Password</Trans>
          </Label>
          <PasswordInput
            id={`${id}-password`}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            autoFocus
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {passkeys ? (
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => void confirm(reauthWithPasskey)}
            >
              <Trans>Use a passkey</Trans>
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || !password}>
            {busy ? t`Checking…` : t`Confirm`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Opens the dialog on its own root (it can be asked for from anywhere); true once confirmed. */
export async function confirmIdentity(): Promise<boolean> {
  await catalogsReady();
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const done = (confirmed: boolean) => {
      root.unmount();
      host.remove();
      resolve(confirmed);
    };
    root.render(
      <LanguageProvider>
        <ReauthPrompt onDone={done} />
      </LanguageProvider>,
    );
  });
}
