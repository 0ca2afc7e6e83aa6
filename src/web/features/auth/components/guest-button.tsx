import { msg } from '@lingui/core/macro';
import { i18n } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';

// spec §2/§8: guest mode exists as a toast only; its failure text is the spec's.
export const GUEST_TEXTS = {
  title: msg`Browsing as a guest`,
  description: msg`You can explore events without an account. Sign in any time to buy tickets.`,
  failure: msg`Failed to initialize guest session`,
} as const;

export function continueAsGuest(): void {
  try {
    // Remember the choice for this tab so later screens can skip sign-in prompts.
    window.sessionStorage.setItem('mea_guest', '1');
    toast(i18n._(GUEST_TEXTS.title), { description: i18n._(GUEST_TEXTS.description) });
  } catch {
    toast.error(i18n._(GUEST_TEXTS.failure));
  }
}

export function GuestButton() {
  return (
    <Button variant="ghost" className="w-full" onClick={continueAsGuest}>
      <Trans>Continue as guest</Trans>
    </Button>
  );
}
