import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ScanFace } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { SessionUser } from '../../../contracts/auth';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  isPlatformAuthenticatorAvailable,
  usePasskeySignIn,
  usePlatformAuthenticator,
} from './api';

// spec §8 texts.
const FACE_RECOGNITION_TEXTS = {
  unavailable: {
    title: msg`Face Recognition Unavailable`,
    description: msg`Your device doesn't support face recognition or it's not set up.`,
  },
  failed: {
    title: msg`Face Recognition Failed`,
    description: msg`Please use email and password to sign in.`,
  },
  inline: msg`Face recognition failed. Please try email and password.`,
};

/**
 * The spec's "face recognition" sign-in, built on passkeys. Shown only when the device has a
 * platform authenticator (spec §5); otherwise nothing is offered.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const availability = usePlatformAuthenticator();
  const signIn = usePasskeySignIn();
  const [failed, setFailed] = useState(false);
  const { i18n } = useLingui();

  if (availability !== 'available') return null;

  async function start() {
    setFailed(false);
    // The authenticator can be switched off after the page loaded.
    if (!(await isPlatformAuthenticatorAvailable())) {
      toast.error(i18n._(FACE_RECOGNITION_TEXTS.unavailable.title), {
        description: i18n._(FACE_RECOGNITION_TEXTS.unavailable.description),
      });
      return;
    }
    signIn.mutate(undefined, {
      onSuccess: ({ user }) => {
        if (user) onSignedIn(user);
      },
      onError: () => {
        setFailed(true);
        toast.error(i18n._(FACE_RECOGNITION_TEXTS.failed.title), {
          description: i18n._(FACE_RECOGNITION_TEXTS.failed.description),
        });
      },
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="outline"
        className="w-full"
        disabled={signIn.isPending}
        onClick={() => void start()}
      >
        <ScanFace aria-hidden="true" className="size-4" />
        {signIn.isPending ? (
          <Trans>Waiting for your device...</Trans>
        ) : (
          <Trans>Sign in with face recognition</Trans>
        )}
      </Button>
      {failed ? <Alert variant="destructive">{i18n._(FACE_RECOGNITION_TEXTS.inline)}</Alert> : null}
    </div>
  );
}
