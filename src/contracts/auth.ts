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

// spec §5 "Sign-in": email and password both required; the email is email-typed.
export const SignInInputSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, { error: 'Email is required' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(1024),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'Email not confirmed';
