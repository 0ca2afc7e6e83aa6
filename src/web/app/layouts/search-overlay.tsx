import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { SearchForm } from './search-form';

/** The full-screen search of small screens (spec §2); focus is trapped until it closes. */
export function SearchOverlay({
  onClose,
  returnFocusTo,
}: {
  onClose: () => void;
  /** Radix only returns focus to its own Dialog.Trigger; ours is a plain button (lazy dialog). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col gap-4 bg-background p-4"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold">
              <Trans>Search</Trans>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t`Close search`}>
                <X aria-hidden="true" className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          <SearchForm autoFocus onSearched={onClose} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
