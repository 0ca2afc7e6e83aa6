import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/session/api';
import { signInRedirect } from './access';

/**
 * spec §6: signed-in-only pages send signed-out visitors to /auth with the origin path.
 * `unlessQuery`: an address carrying this query parameter is served signed out too (an
 * e-mail's one-click link, e.g. /notification-settings?unsubscribe=…); the page handles it.
 */
export function RequireAuth({
  children,
  unlessQuery,
}: {
  children?: ReactNode;
  unlessQuery?: string;
}) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (unlessQuery && new URLSearchParams(location.search).has(unlessQuery))
    return children ?? <Outlet />;
  if (isLoading) return <PageSpinner />;
  if (!user) {
    const { to, state } = signInRedirect(location);
    return <Navigate to={to} state={state} replace />;
  }
  return children ?? <Outlet />;
}
