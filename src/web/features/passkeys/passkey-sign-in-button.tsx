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
export const FACE_RECOGNITION_TEXTS = {
  unavailable: {
    title: 'Face Recognition Unavailable',
    description: "Your device doesn't support face recognition or it's not set up.",
  },
  failed: {
    title: 'Face Recognition Failed',
    description: 'Please use email and password to sign in.',
  },
  inline: 'Face recognition failed. Please try email and password.',
} as const;

/**
 * The spec's "face recognition" sign-in, built on passkeys. Shown only when the device has a
 * platform authenticator (spec §5); otherwise nothing is offered.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const availability = usePlatformAuthenticator();
  const signIn = usePasskeySignIn();
  const [failed, setFailed] = useState(false);

  if (availability !== 'available') return null;

  async function start() {
    setFailed(false);
    // The authenticator can be switched off after the page loaded.
    if (!(await isPlatformAuthenticatorAvailable())) {
      toast.error(FACE_RECOGNITION_TEXTS.unavailable.title, {
        description: FACE_RECOGNITION_TEXTS.unavailable.description,
      });
      return;
    }
    signIn.mutate(undefined, {
      onSuccess: ({ user }) => {
        if (user) onSignedIn(user);
      },
      onError: () => {
        setFailed(true);
        toast.error(FACE_RECOGNITION_TEXTS.failed.title, {
          description: FACE_RECOGNITION_TEXTS.failed.description,
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
        {signIn.isPending ? 'Waiting for your device...' : 'Sign in with face recognition'}
      </Button>
      {failed ? <Alert variant="destructive">{FACE_RECOGNITION_TEXTS.inline}</Alert> : null}
    </div>
  );
}
