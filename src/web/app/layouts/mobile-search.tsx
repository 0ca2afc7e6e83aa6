import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { lazyPage } from '../lazy-page';

// The dialog's code only loads when someone opens it, keeping it off the first page load.
const SearchOverlay = lazyPage(() => import('./search-overlay').then((m) => m.SearchOverlay));

/** spec §2: on mobile the header's search opens a full-screen overlay instead of a box. */
export function MobileSearch() {
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label={t`Open search`}
        aria-haspopup="dialog"
        className="max-md:size-9 md:hidden"
        onClick={() => setOpen(true)}
      >
        <Search aria-hidden="true" className="size-5" />
      </Button>
      {isOpen ? (
        <Suspense fallback={null}>
          <SearchOverlay onClose={() => setOpen(false)} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
