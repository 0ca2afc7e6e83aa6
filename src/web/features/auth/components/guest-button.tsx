import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';

// spec §2/§8: guest mode exists as a toast only; its failure text is the spec's.
export const GUEST_TEXTS = {
  title: 'Browsing as a guest',
  description: 'You can explore events without an account. Sign in any time to buy tickets.',
  failure: 'Failed to initialize guest session',
} as const;

export function continueAsGuest(): void {
  try {
    // Remember the choice for this tab so later screens can skip sign-in prompts.
    window.sessionStorage.setItem('mea_guest', '1');
    toast(GUEST_TEXTS.title, { description: GUEST_TEXTS.description });
  } catch {
    toast.error(GUEST_TEXTS.failure);
  }
}

export function GuestButton() {
  return (
    <Button variant="ghost" className="w-full" onClick={continueAsGuest}>
      Continue as guest
    </Button>
  );
}
