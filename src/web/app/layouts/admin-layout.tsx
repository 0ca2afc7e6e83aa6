import { LogOut } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { useSignOut } from '../../features/session/api';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { PageFrame } from '../page-frame';

const ADMIN_LINKS = [
  { to: paths.admin.index(), label: 'Overview', end: true },
  { to: paths.admin.users(), label: 'Users' },
  { to: paths.admin.events(), label: 'Events' },
  { to: paths.admin.orders(), label: 'Orders' },
  { to: paths.admin.analytics(), label: 'Analytics' },
  { to: paths.admin.blog(), label: 'Blog' },
  { to: paths.admin.settings(), label: 'Settings' },
  { to: paths.admin.help(), label: 'Help' },
];

/** spec §2 "Admin area": its own frame with the admin sections and a Logout that goes to /login. */
export function AdminLayout() {
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-muted/40 md:w-60 md:border-r md:border-b-0">
        <div className="flex items-center gap-2 p-4">
          <Link to={paths.home()} aria-label="Back to the site" className="rounded-md">
            <Logo />
          </Link>
          <span className="font-bold">Admin</span>
        </div>
        <nav aria-label="Admin">
          <ul className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col">
            {ADMIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground',
                      isActive && 'bg-muted text-foreground',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Button
                variant="ghost"
                className="w-full justify-start text-muted-foreground"
                disabled={signOut.isPending}
                onClick={async () => {
                  // Leave the guarded area first, or the admin guard would see the cleared
                  // session and send the visitor to /auth instead of /login.
                  await navigate(paths.login());
                  signOut.mutate();
                }}
              >
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </Button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <PageFrame />
      </main>
    </div>
  );
}
