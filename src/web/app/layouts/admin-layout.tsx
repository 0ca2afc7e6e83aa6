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
        {link.label}
      </NavLink>
    </li>
  );
}

/** Users, events and orders by id, email or title, from every admin page. */
function AdminSearch() {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const id = useId();
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
          Search users, events and orders
        </label>
        <Input
          id={id}
          type="search"
          placeholder="Search id, email, title"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="icon" variant="outline" aria-label="Search">
          <Search aria-hidden="true" className="size-4" />
        </Button>
      </form>
      {term && data ? (
        <div
          role="region"
          aria-label="Search results"
          className="mt-2 rounded-md border border-border bg-background p-2 text-sm shadow"
        >
          {empty ? <p className="text-muted-foreground">Nothing found for “{term}”.</p> : null}
          {data.users.map((u) => (
            <Link
              key={u.id}
              className="block truncate rounded px-2 py-1 hover:bg-muted"
              to={`${paths.admin.users()}?q=${encodeURIComponent(u.email)}`}
              onClick={() => setTerm('')}
            >
              User: {u.fullName} ({u.email})
            </Link>
          ))}
          {data.events.map((e) => (
            <Link
              key={e.id}
              className="block truncate rounded px-2 py-1 hover:bg-muted"
              to={paths.event(e.id)}
              onClick={() => setTerm('')}
            >
              Event: {e.title}
            </Link>
          ))}
          {data.orders.map((o) => (
            <Link
              key={o.id}
              className="block truncate rounded px-2 py-1 hover:bg-muted"
              to={`${paths.admin.orders()}?q=${encodeURIComponent(o.id)}`}
              onClick={() => setTerm('')}
            >
              Order: {o.buyerEmail}
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
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-muted/40 md:w-60 md:shrink-0 md:border-r md:border-b-0">
        <div className="flex items-center gap-2 p-4">
          <Link to={paths.home()} aria-label="Back to the site" className="rounded-md">
            <Logo />
          </Link>
          <span className="font-bold">Admin</span>
        </div>
        {isAdmin ? <AdminSearch /> : null}
        <nav aria-label="Admin">
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
                  More
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
                Logout
              </Button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
        <nav aria-label="Breadcrumb" className="px-4 pt-4 text-sm text-muted-foreground">
          <ol className="flex items-center gap-1">
            <li>
              <Link
                to={isAdmin ? paths.admin.index() : paths.admin.events()}
                className="hover:underline"
              >
                Admin
              </Link>
            </li>
            {section && section.to !== paths.admin.index() ? (
              <li className="flex items-center gap-1">
                <ChevronRight aria-hidden="true" className="size-3" />
                <span aria-current="page">{section.label}</span>
              </li>
            ) : null}
          </ol>
        </nav>
        {allowed ? <PageFrame /> : <AccessDenied role="admin" />}
      </main>
    </div>
  );
}
