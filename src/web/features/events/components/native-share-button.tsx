import { Trans } from '@lingui/react/macro';
import { Share2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * The device's own share sheet (Web Share API: phones, Safari, Edge) where there is one; where
 * there is none the button is not shown and the copy link, the QR code and the share links do.
 */
export function NativeShareButton({ url, title }: { url: string; title: string }) {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null;
  async function share() {
    try {
      await navigator.share({ url, title });
    } catch {
      // Closing the sheet rejects with AbortError: nothing to say.
    }
  }
  return (
    <Button onClick={() => void share()}>
      <Share2 aria-hidden="true" className="size-4" />
      <Trans>Share…</Trans>
    </Button>
  );
}
