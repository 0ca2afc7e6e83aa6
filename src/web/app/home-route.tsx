import { Suspense } from 'react';
import { useLocation, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { HomeFallback } from '../features/home/home-fallback';
import { RevealAppPage } from './server-first-view';

const HomePage = lazyPage(() => import('../features/home/home-page').then((m) => m.HomePage));
const AccountConfirmedNotice = lazyPage(() =>
  import('../features/auth/components/account-confirmed-notice').then(
    (m) => m.AccountConfirmedNotice,
  ),
);

/**
 * The sign-up confirmation link redirects to / (spec §7) as `/?account=confirmed`; the toast
 * saying so loads only then, so the home page's first download does not carry it.
 */
function HomeNotices() {
  const { search } = useLocation();
  if (new URLSearchParams(search).get('account') !== 'confirmed') return null;
  return (
    <Suspense fallback={null}>
      <AccountConfirmedNotice />
    </Suspense>
  );
}

/**
 * The home page's route, one object in both tables (the entry's and the whole app's), so the
 * page stays mounted when the whole table arrives while it is on screen.
 */
export const homeRoute: RouteObject = {
  index: true,
  element: (
    <>
      <HomeNotices />
      {/* With the server's copy of the hero on screen, it stays there (not this loading box)
          until the home page's code has run. */}
      <Suspense
        fallback={
          <div data-awaits-page>
            <HomeFallback />
          </div>
        }
      >
        <HomePage />
        <RevealAppPage />
      </Suspense>
    </>
  ),
};
