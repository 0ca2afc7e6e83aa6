import { z } from 'zod';
import { SessionUserSchema } from './auth';

// Two-factor sign-in and re-authentication (decision 061).

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes';

const totpCode = z
  .string({ error: TOTP_CODE_MESSAGE })
  .trim()
  .regex(/^\d{6}$/, { error: TOTP_CODE_MESSAGE });
const recoveryCode = z
  .string({ error: RECOVERY_CODE_MESSAGE })
  .trim()
  .min(1, { error: RECOVERY_CODE_MESSAGE })
  .max(40, { error: RECOVERY_CODE_MESSAGE });

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The sign-in answer: a session, or (user null) the second step the password opened. */
export const SignInResponseSchema = z.object({
  user: SessionUserSchema.nullable(),
  secondFactor: z
    .object({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)), expiresAt: z.string() })
    .optional(),
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  hasPasskey: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const TwoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code, a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const TwoFactorEnableInputSchema = z.object({ code: totpCode });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** The second step: a code from the app or a recovery code. */
export const SecondFactorInputSchema = z.union([
  z.object({ code: totpCode, trustDevice: z.boolean().default(false) }),
  z.object({ recoveryCode, trustDevice: z.boolean().default(false) }),
]);
export type SecondFactorInput = z.input<typeof SecondFactorInputSchema>;

export const SecondFactorPasskeyInputSchema = z.object({
  challengeId: z.uuid(),
  response: z.looseObject({ id: z.string().min(1).max(1024), type: z.string() }),
  trustDevice: z.boolean().default(false),
});

export const REAUTH_PASSWORD_MESSAGE = 'Enter your password';
export const ReauthInputSchema = z.object({
  password: z
    .string({ error: REAUTH_PASSWORD_MESSAGE })
    .min(1, { error: REAUTH_PASSWORD_MESSAGE })
    .max(200),
});
export const ReauthPasskeyInputSchema = z.object({
  challengeId: z.uuid(),
  response: z.looseObject({ id: z.string().min(1).max(1024), type: z.string() }),
});
export const ReauthResponseSchema = z.object({ ok: z.literal(true), validUntil: z.string() });
