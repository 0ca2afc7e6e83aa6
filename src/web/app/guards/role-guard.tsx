import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/session/api';
import { useActingFor } from '../../features/teams/acting';
import { lazyPage } from '../lazy-page';
import { decideAccess, signInRedirect, type RoleRequirement } from './access';

// The guard is in every feature's route table, so in the first paint's chunk; the screen it may
// show is not, like every page: it loads the first time someone is refused.
const AccessDenied = lazyPage(() => import('./access-denied').then((m) => m.AccessDenied));

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
  const acting = useActingFor();
  const location = useLocation();
  if (isLoading || acting.isLoading) return <PageSpinner />;

  // A member switched to a team (decision 065) enters the owner's kind of pages too; the server
  // checks their role on every request.
  const access =
    user &&
    acting.team &&
    decideAccess({ ...user, userType: acting.team.ownerType }, role) === 'allowed'
      ? 'allowed'
      : decideAccess(user, role);
  if (access === 'signed-out') {
    const { to, state } = signInRedirect(location, fallbackPath);
    return <Navigate to={to} state={state} replace />;
  }
  if (access === 'denied') {
    if (redirectDeniedTo) return <Navigate to={redirectDeniedTo} replace />;
    return (
      <Suspense fallback={<PageSpinner />}>
        <AccessDenied role={role} />
      </Suspense>
    );
  }
  return children ?? <Outlet />;
}
