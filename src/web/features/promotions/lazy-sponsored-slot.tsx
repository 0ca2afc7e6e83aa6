import { Suspense, type ComponentProps } from 'react';
import { lazyPage } from '../../app/lazy-page';

const Slot = lazyPage(() => import('./sponsored-slot').then((m) => m.SponsoredSlot));

/**
 * The sponsored slot with its code in a chunk of its own: the pages that show one (events list,
 * search, event page) load it beside their data, and no page's first download grows.
 */
export function LazySponsoredSlot(props: ComponentProps<typeof Slot>) {
  return (
    <Suspense fallback={null}>
      <Slot {...props} />
    </Suspense>
  );
}
