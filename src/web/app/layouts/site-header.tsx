import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { useSession } from '../../features/session/api';
import { useSiteInfo } from '../../features/site/api';
import { cnLight } from '../../lib/cn-light';
import { paths } from '../../lib/paths';
import { MainMenu } from './main-menu';
import { MobileSearch } from './mobile-search';
import { SearchForm } from './search-form';
import { lazyPage } from '../lazy-page';

const MENU_ID = 'main-menu';

// Phones get slightly smaller controls so the whole bar fits one line at 375 px.
const ICON = 'max-md:size-9';

// Signed-in visitors' controls (and the account menu's popover library) in one chunk of their
// own: signed-out visitors never download them.
const SignedInControls = lazyPage(() =>
  import('./signed-in-controls').then((m) => m.SignedInControls),
);

function AvatarPlaceholder() {
  return <span aria-hidden="true" className={`size-10 rounded-full bg-muted ${ICON}`} />;
}

/** spec §2 "Header, menu, footer": header and main menu of the main layout. */
export function SiteHeader() {
  const { user, isLoading } = useSession();
  const site = useSiteInfo();
  const { pathname } = useLocation();
  const { t } = useLingui();
  const [menu, setMenu] = useState({ isOpen: false, pathname });
  // Moving to another page closes the mobile menu (state reset during render, not in an effect).
  if (menu.pathname !== pathname) setMenu({ isOpen: false, pathname });
  const closeMenu = () => setMenu({ isOpen: false, pathname });

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-x-1.5 px-3 py-2 md:gap-x-4 md:px-4">
        <Button
          variant="ghost"
          size="icon"
          className={`${ICON} md:hidden`}
          aria-label={t`Main menu`}
          aria-expanded={menu.isOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenu({ isOpen: !menu.isOpen, pathname })}
        >
          {menu.isOpen ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
        </Button>

        <Link
          to={paths.home()}
          className="flex min-w-0 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Logo />
          <span className="truncate text-base font-bold tracking-tight md:text-lg">
            {site?.appName ?? (
              <span className="sr-only">
                <Trans>Home</Trans>
              </span>
            )}
          </span>
        </Link>
        {/* Phones keep the header to one row: there the badge heads the main menu instead. */}
        <Badge variant="warning" className="hidden md:inline-flex">
          <Trans>Beta Testing</Trans>
        </Badge>

        <div className="hidden max-w-md flex-1 md:block">
          <SearchForm />
        </div>

        <div className="ms-auto flex items-center gap-1 md:gap-2">
          <MobileSearch />
          {user ? (
            <Suspense fallback={<AvatarPlaceholder />}>
              <SignedInControls user={user} iconClass={ICON} />
            </Suspense>
          ) : (
            // Held in place, hidden, while the session is checked: most first visits are signed
            // out, and the button appearing moved the search icon beside it.
            <Link
              to={paths.auth()}
              className={buttonClasses({
                className: cnLight('max-md:h-9 max-md:px-3', isLoading && 'invisible'),
              })}
            >
              <Trans>Get Started</Trans>
            </Link>
          )}
        </div>
      </div>
      <MainMenu
        id={MENU_ID}
        isSignedIn={Boolean(user)}
        isOpen={menu.isOpen}
        onNavigate={closeMenu}
      />
    </header>
  );
}
