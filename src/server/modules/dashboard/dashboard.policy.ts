import type { UserType } from '../../../contracts/enums';
import { isAdmin } from '../../platform/auth/guards';
import type { AuthUser } from '../../platform/auth/sessions';

/** The account types that host events and so have a host dashboard (spec §2). */
export const HOST_TYPES = ['organizer', 'venue'] as const satisfies readonly UserType[];

/**
 * Organizers and venues see their own dashboard; admins pass every role check (spec §6) and see
 * their own too (the numbers are always the signed-in person's, whoever asks).
 */
export function hasHostDashboard(user: Pick<AuthUser, 'userType' | 'roles'>): boolean {
  return (HOST_TYPES as readonly UserType[]).includes(user.userType) || isAdmin(user);
}
