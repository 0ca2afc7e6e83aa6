import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { LiveNotificationsLoader } from '../../features/notifications/live-notifications-loader';
import { PageFrame } from '../page-frame';
import { SiteHeader } from './site-header';
import { lazyPage } from '../lazy-page';
import { isActingForTeam } from '../../features/teams/acting';

// The footer is below the fold of nearly every page: its code loads beside the page's, after
// the first paint, and nothing follows it that could move when it arrives.
const SiteFooter = lazyPage(() => import('./site-footer').then((m) => m.SiteFooter));
// Only a member switched to a team (decision 065) loads the banner saying whose account it is.
const ActingBanner = lazyPage(() =>
  import('../../features/teams/acting-banner').then((m) => m.ActingBanner),
);

/** The layout of every public and signed-in page (spec §2 "Main layout"). */
export function MainLayout() {
  return (
    // A page with a phone buy bar (the event page) gets room below the footer, so the fixed bar
    // never covers the last lines; present from the page's first render, it shifts nothing.
    <div className="flex min-h-screen flex-col max-md:has-[[data-phone-buy-bar]]:pb-28">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      {isActingForTeam() ? (
        <Suspense fallback={null}>
          <ActingBanner />
        </Suspense>
      ) : null}
      {/* tabIndex lets the skip link move focus, not just scroll. At least a screen tall, so the
          footer starts below the fold: a page whose content arrives after the first paint (its
          code, then its data) would otherwise push a footer already on screen, and Lighthouse
          counted that as most of the event and vendor pages' layout shift. */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 outline-none">
        <PageFrame />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <LiveNotificationsLoader />
    </div>
  );
}
