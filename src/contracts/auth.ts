import { z } from 'zod';
import { ROLES, USER_TYPES } from './enums';

export const SESSION_COOKIE = 'mea_session';

// spec §3 "Session user" joined with the profile fields the shell needs (name, type, roles).
export const SessionUserSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  emailConfirmedAt: z.string().nullable(),
  fullName: z.string(),
  userType: z.enum(USER_TYPES),
  roles: z.array(z.enum(ROLES)),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
