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

export const AppRoleSchema = z.enum(['admin', 'moderator', 'blog_admin', ...USER_TYPES]);
export const CurrentRoleResponseSchema = z.object({ role: AppRoleSchema.nullable() });
export const HasRoleQuerySchema = z.object({ role: z.enum(ROLES) });
export const HasRoleResponseSchema = z.object({ hasRole: z.boolean() });

// Passkeys (spec's "face recognition"): options and responses are WebAuthn JSON, passed through.
export const PasskeyOptionsResponseSchema = z.object({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export const PasskeyVerifyInputSchema = z.object({
  challengeId: z.uuid(),
  response: z.looseObject({ id: z.string().min(1).max(1024), type: z.string() }),
  name: z.string().trim().max(60).optional(),
});
export const PasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;
export const PasskeyListSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;
