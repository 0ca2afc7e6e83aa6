import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/session/api';
import { decideAccess, roleLabel, signInRedirect, type RoleRequirement } from './access';

export interface RoleGuardProps {
  /** Who may enter: one role, or several (any of them admits; admin passes every check). */
  role: RoleRequirement;
  /** Where signed-out visitors go (spec §6: /auth, or a given fallback). */
  fallbackPath?: string;
  /**
   * Send signed-in visitors without the role away instead of showing Access Denied (the admin
   * area, spec §6). They go without an origin: /auth sends a signed-in visitor back to the
   * origin, which would loop.
   */
  redirectDeniedTo?: string;
  children?: ReactNode;
}

/**
 * spec §6 role-guarded pages. Declared on the route in the feature's routes.tsx, as the layout
 * route of the pages it guards, so the route table itself says who may enter.
 */
export function RoleGuard({ role, fallbackPath, redirectDeniedTo, children }: RoleGuardProps) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;

  const access = decideAccess(user, role);
  if (access === 'signed-out') {
    const { to, state } = signInRedirect(location, fallbackPath);
    return <Navigate to={to} state={state} replace />;
  }
  if (access === 'denied') {
    if (redirectDeniedTo) return <Navigate to={redirectDeniedTo} replace />;
    return <AccessDenied role={role} />;
  }
  return children ?? <Outlet />;
}

/**
 * spec §6 texts. A page gated by a role names the role; a page gated by ownership (an event's
 * tickets, its stream, a ride) has no role to name, so it says who may manage it instead, e.g.
 * "Only the event's organizer can manage its tickets.", and may offer a way back.
 */
export function AccessDenied(
  props: ({ role: RoleRequirement; reason?: never } | { reason: string; role?: never }) & {
    children?: ReactNode;
  },
) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <ShieldX aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold">Access Denied</h1>
      <p className="text-muted-foreground">
        You don&apos;t have the required permissions to access this page.
      </p>
      <p className="text-sm text-muted-foreground">
        {props.role !== undefined ? `Required role: ${roleLabel(props.role)}` : props.reason}
      </p>
      {props.children}
    </section>
  );
}
