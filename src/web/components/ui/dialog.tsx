import { useLingui } from '@lingui/react/macro';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A modal dialog (Radix: focus trap, Escape, focus return) with a title and description.
 * `modal={false}` docks it in the bottom corner instead, for a question the product asks
 * unprompted: no overlay, no focus trap, focus stays where the person was, and a click
 * elsewhere or Escape dismisses it, so it never stands between a person and their next step.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  modal = true,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** e.g. a wider `max-w-*` for a dialog that shows a document. */
  className?: string;
  modal?: boolean;
  /** Called as focus returns on close; `preventDefault()` to put it elsewhere (a refused field). */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange} modal={modal}>
      <RadixDialog.Portal>
        {modal ? <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" /> : null}
        <RadixDialog.Content
          className={cn(
            'fixed z-50 flex flex-col gap-4 overflow-y-auto rounded-lg border border-border bg-background p-6 shadow-xl',
            modal
              ? 'top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2'
              : 'end-4 bottom-4 start-4 max-h-[70vh] sm:start-auto sm:w-[28rem]',
            className,
          )}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(modal ? {} : { onOpenAutoFocus: (event: Event) => event.preventDefault() })}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex flex-col gap-1.5 pe-8">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="text-sm text-muted-foreground">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {children}
          <RadixDialog.Close
            aria-label={t`Close`}
            className="absolute top-4 end-4 rounded-sm p-1 text-muted-foreground hover:text-foreground"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
