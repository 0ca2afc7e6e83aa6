import { paths } from '../../lib/paths';
import { RoleGuard } from '../guards/role-guard';
import { AdminLayout } from './admin-layout';

/**
 * The admin area's guard and layout, one chunk that loads on the first visit to /admin: most
 * visitors never open it, so the first paint does not carry it.
 */
export function AdminArea() {
  // spec §6: non-admins and signed-out visitors are sent to /auth.
  return (
    <RoleGuard role="admin" redirectDeniedTo={paths.auth()}>
      <AdminLayout />
    </RoleGuard>
  );
}
