import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from './ui/button';

/** Copies `text` to the clipboard and says so in a toast (or says it could not). */
export function CopyButton({
  text,
  label = 'Copy link',
  toastTitle = 'Link copied',
  ...props
}: { text: string; label?: string; toastTitle?: string } & Omit<ButtonProps, 'onClick'>) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(toastTitle);
    } catch {
      toast.error('Could not copy. Select the link and copy it yourself.');
    }
  }
  return (
    <Button variant="outline" onClick={() => void copy()} {...props}>
      <Copy aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
