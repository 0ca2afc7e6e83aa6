import { Navigate, useLocation, useRoutes } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../features/session/api';
import { paths } from '../../lib/paths';
import { signInRedirect } from '../guards/access';
import { AdminLayout } from './admin-layout';
import { adminPages } from './admin-pages';

/**
 * The admin area's guard and layout, one chunk that loads on the first visit to /admin: most
 * visitors never open it, so the first paint does not carry it.
 */
export function AdminArea() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  // The router mounts this area at `admin/*`; its pages are matched here, below the layout.
  const page = useRoutes([{ element: <AdminLayout />, children: adminPages }]);
  if (isLoading) return <PageSpinner />;
  // spec §6: signed-out visitors and people without a console role are sent to /auth.
  if (!user) {
    const { to, state } = signInRedirect(location);
    return <Navigate to={to} state={state} replace />;
  }
  // Moderators get the moderation sections (decision 020); the layout hides the rest.
  if (!user.roles.includes('admin') && !user.roles.includes('moderator'))
    return <Navigate to={paths.auth()} replace />;
  return page;
}
