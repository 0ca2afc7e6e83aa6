import { useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from './ui/button';

/** Copies `text` to the clipboard and says so in a toast (or says it could not). */
export function CopyButton({
  text,
  label,
  toastTitle,
  ...props
}: { text: string; label?: string; toastTitle?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useLingui();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(toastTitle ?? t`Link copied`);
    } catch {
      toast.error(t`Could not copy. Select the link and copy it yourself.`);
    }
  }
  return (
    <Button variant="outline" onClick={() => void copy()} {...props}>
      <Copy aria-hidden="true" className="size-4" />
      {label ?? t`Copy link`}
    </Button>
  );
}
