import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, LogOut, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, Navigate, NavLink, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { searchQuery } from '../../features/admin/api';
import {
  ADMIN_MORE,
  ADMIN_SECTIONS,
  sectionOf,
  visibleTo,
  type AdminNavItem,
} from '../../features/admin/admin-nav';
import { useSession } from '../../features/session/api';
import { useSignOut } from '../../features/session/sign-out';
import { cn } from '../../lib/cn';
import { paths } from '../../lib/paths';
import { AccessDenied } from '../guards/access-denied';
import { PageFrame } from '../page-frame';

function NavItem({ link }: { link: AdminNavItem }) {
  const { i18n } = useLingui();
  return (
    <li>
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
        {i18n._(link.label)}
      </NavLink>
    </li>
  );
}

/** Users, events and orders by id, email or title, from every admin page. */
function AdminSearch() {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const id = useId();
  const { t } = useLingui();
  const results = useQuery(searchQuery(term));
  const data = results.data;
  const empty = data && !data.users.length && !data.events.length && !data.orders.length;
  return (
    <div className="relative px-2 pb-2">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setTerm(text.trim());
        }}
        className="flex gap-1"
      >
        <label htmlFor={id} className="sr-only">
          <Trans>Search users, events and orders</Trans>
        </label>
        <Input
          id={id}
          type="search"
          placeholder={t`Search id, email, title`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="icon" variant="outline" aria-label={t`Search`}>
          <Search aria-hidden="true" className="size-4" />
        </Button>
      </form>
      {term && data ? (
        <div
          role="region"
          aria-label={t`Search results`}
          className="mt-2 rounded-md border border-border bg-background p-2 text-sm shadow"
        >
          {empty ? (
            <p className="text-muted-foreground">
              <Trans>Nothing found for “{term}”.</Trans>
            </p>
          ) : null}
          {data.users.map(({ id: userId, fullName: name, email }) => (
            <Link
              key={userId}
              className="block truncate rounded px-2 py-1 hover:bg-muted"
              to={`${paths.admin.users()}?q=${encodeURIComponent(email)}`}
              onClick={() => setTerm('')}
            >
              <Trans>
                User: {name} ({email})
              </Trans>
            </Link>
          ))}
          {data.events.map(({ id: eventId, title }) => (
            <Link
              key={eventId}
              className="block truncate rounded px-2 py-1 hover:bg-muted"
              to={paths.event(eventId)}
              onClick={() => setTerm('')}
            >
              <Trans>Event: {title}</Trans>
            </Link>
          ))}
          {data.orders.map(({ id: orderId, buyerEmail }) => (
            <Link
              key={orderId}
              className="block truncate rounded px-2 py-1 hover:bg-muted"
              to={`${paths.admin.orders()}?q=${encodeURIComponent(orderId)}`}
              onClick={() => setTerm('')}
            >
              <Trans>Order: {buyerEmail}</Trans>
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** spec §2 "Admin area": its own frame with the admin sections and a Logout that goes to /login. */
export function AdminLayout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useSession();
  const { i18n, t } = useLingui();
  const roles = user?.roles ?? [];
  const isAdmin = roles.includes('admin');
  const sections = visibleTo(ADMIN_SECTIONS, roles);
  const more = visibleTo(ADMIN_MORE, roles);
  const section = sectionOf(pathname);
  // Moderators land on what they may use; other sections say why they are closed.
  if (!isAdmin && pathname.replace(/\/$/, '') === paths.admin.index())
    return <Navigate to={paths.admin.events()} replace />;
  const allowed = isAdmin || !section || section.roles.some((role) => roles.includes(role));

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="border-b border-border bg-muted/40 md:w-60 md:shrink-0 md:border-e md:border-b-0">
        <div className="flex items-center gap-2 p-4">
          <Link to={paths.home()} aria-label={t`Back to the site`} className="rounded-md">
            <Logo />
          </Link>
          <span className="font-bold">
            <Trans>Admin</Trans>
          </span>
        </div>
        {isAdmin ? <AdminSearch /> : null}
        <nav aria-label={t`Admin`}>
          {/* relative: the "More" label, screen-reader only on phones, stays inside the scrolling row. */}
          <ul className="relative flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col">
            {sections.map((link) => (
              <NavItem key={link.to} link={link} />
            ))}
            {more.length ? (
              <li className="md:mt-3">
                <span
                  id="admin-more"
                  className="block px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase max-md:sr-only"
                >
                  <Trans>More</Trans>
                </span>
                <ul aria-labelledby="admin-more" className="flex gap-1 md:flex-col">
                  {more.map((link) => (
                    <NavItem key={link.to} link={link} />
                  ))}
                </ul>
              </li>
            ) : null}
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
                <Trans>Logout</Trans>
              </Button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
        <nav aria-label={t`Breadcrumb`} className="px-4 pt-4 text-sm text-muted-foreground">
          <ol className="flex items-center gap-1">
            <li>
              <Link
                to={isAdmin ? paths.admin.index() : paths.admin.events()}
                className="hover:underline"
              >
                <Trans>Admin</Trans>
              </Link>
            </li>
            {section && section.to !== paths.admin.index() ? (
              <li className="flex items-center gap-1">
                <ChevronRight aria-hidden="true" className="size-3 rtl:-scale-x-100" />
                <span aria-current="page">{i18n._(section.label)}</span>
              </li>
            ) : null}
          </ol>
        </nav>
        {allowed ? <PageFrame /> : <AccessDenied role="admin" />}
      </main>
    </div>
  );
}
