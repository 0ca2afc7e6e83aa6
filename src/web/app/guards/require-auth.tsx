import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/session/api';
import { signInRedirect } from './access';

/** spec §6: signed-in-only pages send signed-out visitors to /auth with the origin path. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    const { to, state } = signInRedirect(location);
    return <Navigate to={to} state={state} replace />;
  }
  return children ?? <Outlet />;
}
