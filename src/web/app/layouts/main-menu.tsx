import type { MessageDescriptor } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { NavLink } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { cnLight } from '../../lib/cn-light';
import { paths } from '../../lib/paths';
import { menuEntries } from '../menu';
import { lazyPage } from '../lazy-page';

// Only signed-in visitors see the Messages item and its count: its code loads with them.
const MessagesBadge = lazyPage(() =>
  import('../../features/messaging/messages-badge').then((m) => m.MessagesBadge),
);

interface MenuItem {
  to: string;
  label: MessageDescriptor;
}

/** The features' menu entries (each feature's menu.ts); signed-in ones only when signed in. */
export function mainMenuItems(isSignedIn: boolean): MenuItem[] {
  return menuEntries
    .filter((entry) => isSignedIn || !entry.signedIn)
    .map(({ to, label }) => ({ to, label }));
}

export interface MainMenuProps {
  id: string;
  isSignedIn: boolean;
  /** Mobile only: the menu collapses behind the header's menu button. */
  isOpen: boolean;
  onNavigate: () => void;
}

export function MainMenu({ id, isSignedIn, isOpen, onNavigate }: MainMenuProps) {
  const { i18n, t } = useLingui();
  return (
    <nav
      id={id}
      aria-label={t`Main`}
      className={cnLight('border-t border-border md:block', isOpen ? 'block' : 'hidden')}
    >
      <p className="px-4 pt-3 md:hidden">
        <Badge variant="warning">
          <Trans>Beta Testing</Trans>
        </Badge>
      </p>
      <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-2 md:flex-row md:flex-wrap md:gap-1 md:py-1">
        {mainMenuItems(isSignedIn).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cnLight(
                  'block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                  isActive && 'bg-muted text-foreground',
                )
              }
            >
              {i18n._(item.label)}
              {/* spec §7: the unread message count (signed-in only, like the item). */}
              {item.to === paths.messages() ? (
                <Suspense fallback={null}>
                  <MessagesBadge
                    describe={(count) =>
                      t`(${plural(count, { one: '# unread', other: '# unread' })})`
                    }
                  />
                </Suspense>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
