import type { SessionUser } from '../../../contracts/auth';
import type { AuthUser } from '../../platform/auth/sessions';

export function presentSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
    fullName: user.fullName,
    userType: user.userType,
    roles: user.roles,
    avatarUrl: user.avatarUrl,
    createdAt: user.createdAt.toISOString(),
  };
}
