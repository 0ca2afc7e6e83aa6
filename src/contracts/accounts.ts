import { z } from 'zod';
import { SERVICE_OPTIONS, USER_TYPES, type UserType } from './enums';
import type { FieldIssue } from './errors';
import { PASSWORD_MIN_LENGTH, RATING_MAX, RATING_MIN } from './limits';

// spec §8 texts.
export const SIGN_UP_MESSAGES = {
  passwordsDiffer: 'Passwords do not match',
  shortPassword: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  missingVenueType: 'Please select a venue type for your venue account',
  missingService: (type: UserType) => `Please select a service for your ${type} account`,
  missingInterest: "Please select the type of events you're interested in attending",
  resetNoEmail: 'Please enter your email address',
  invalidService: 'Please choose one of the listed options',
} as const;

// Required-field texts are not in the spec; these are ours.
export const REQUIRED_MESSAGES = {
  fullName: 'Please enter your full name',
  email: 'Please enter your email address',
  emailFormat: 'Please enter a valid email address',
  phone: 'Please enter your phone number',
  phoneFormat: 'Please enter a valid phone number',
  password: 'Please enter a password',
  confirmPassword: 'Please confirm your password',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,25}$/;

export const SignUpInputSchema = z.object({
  fullName: z.string().max(120).default(''),
  email: z.string().max(254).default(''),
  phone: z.string().max(40).default(''),
  password: z.string().max(1024).default(''),
  confirmPassword: z.string().max(1024).default(''),
  userType: z.enum(USER_TYPES).default('attendee'),
  service: z.string().max(80).nullish(),
  referralCode: z.string().trim().max(120).nullish(),
});
export type SignUpInput = z.input<typeof SignUpInputSchema>;

/**
 * spec §5 sign-up rules, in the spec's order, for the form and the server alike: required
 * fields first (the form marks them `required`), then passwords match, length, service, interest.
 */
export function signUpProblems(input: SignUpInput): FieldIssue[] {
  const problems: FieldIssue[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const email = (input.email ?? '').trim();
  const phone = (input.phone ?? '').trim();
  const password = input.password ?? '';
  const userType = input.userType ?? 'attendee';
  const service = input.service?.trim();

  if (!(input.fullName ?? '').trim()) add('fullName', REQUIRED_MESSAGES.fullName);
  if (!email) add('email', REQUIRED_MESSAGES.email);
  else if (!EMAIL.test(email)) add('email', REQUIRED_MESSAGES.emailFormat);
  if (!phone) add('phone', REQUIRED_MESSAGES.phone);
  else if (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 7)
    add('phone', REQUIRED_MESSAGES.phoneFormat);
  if (!password) add('password', REQUIRED_MESSAGES.password);
  if (!input.confirmPassword) add('confirmPassword', REQUIRED_MESSAGES.confirmPassword);
  if (problems.length) return problems;

  if (password !== input.confirmPassword) add('confirmPassword', SIGN_UP_MESSAGES.passwordsDiffer);
  else if (password.length < PASSWORD_MIN_LENGTH) add('password', SIGN_UP_MESSAGES.shortPassword);
  else if (!service) {
    if (userType === 'attendee') add('service', SIGN_UP_MESSAGES.missingInterest);
    else if (userType === 'venue') add('service', SIGN_UP_MESSAGES.missingVenueType);
    else add('service', SIGN_UP_MESSAGES.missingService(userType));
  } else if (!SERVICE_OPTIONS[userType].includes(service))
    add('service', SIGN_UP_MESSAGES.invalidService);
  return problems;
}

export const SignUpResponseSchema = z.object({
  ok: z.literal(true),
  /** Where the confirmation link went; the same answer whether or not the email was new. */
  email: z.string(),
});

export const PasswordResetRequestSchema = z.object({
  email: z
    .string({ error: SIGN_UP_MESSAGES.resetNoEmail })
    .trim()
    .min(1, { error: SIGN_UP_MESSAGES.resetNoEmail })
    .max(254)
    .pipe(z.email({ error: REQUIRED_MESSAGES.emailFormat })),
});

export const PasswordResetSchema = z
  .object({
    token: z.string().min(10).max(200),
    password: z.string().max(1024),
    confirmPassword: z.string().max(1024),
  })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value.password, value.confirmPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** The new password and its confirmation alone: what the reset form checks before sending. */
export const NewPasswordSchema = z
  .object({ password: z.string().max(1024), confirmPassword: z.string().max(1024) })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value.password, value.confirmPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { error: 'Please enter your current password' }).max(1024),
    password: z.string().max(1024),
    confirmPassword: z.string().max(1024),
  })
  .superRefine((value, ctx) => {
    const problem = newPasswordProblem(value.password, value.confirmPassword);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });

/** The same password rules as sign-up, in the same order. */
export function newPasswordProblem(password: string, confirmPassword: string): FieldIssue | null {
  if (!password) return { field: 'password', message: REQUIRED_MESSAGES.password };
  if (password !== confirmPassword)
    return { field: 'confirmPassword', message: SIGN_UP_MESSAGES.passwordsDiffer };
  if (password.length < PASSWORD_MIN_LENGTH)
    return { field: 'password', message: SIGN_UP_MESSAGES.shortPassword };
  return null;
}

export const OkSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

// spec §2 rating dialog and §5: integer 1-10, optional trimmed comment (empty stored as null).
export const RATING_LABELS: { max: number; label: string }[] = [
  { max: 2, label: 'Super Easy' },
  { max: 4, label: 'Easy' },
  { max: 6, label: 'Moderate' },
  { max: 8, label: 'Challenging' },
  { max: 10, label: 'Most Difficult' },
];
export function ratingLabel(rating: number): string {
  return RATING_LABELS.find((l) => rating <= l.max)?.label ?? '';
}

export const RatingInputSchema = z.object({
  ratingType: z.string().trim().min(1).max(60),
  rating: z
    .number({ error: 'Please choose a rating from 1 to 10' })
    .int({ error: 'Please choose a rating from 1 to 10' })
    .min(RATING_MIN, { error: 'Please choose a rating from 1 to 10' })
    .max(RATING_MAX, { error: 'Please choose a rating from 1 to 10' }),
  feedback: z
    .string()
    .max(2000)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type RatingInput = z.input<typeof RatingInputSchema>;

export const ProfileSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  businessName: z.string().nullable(),
  category: z.string().nullable(),
  service: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .max(max, { error: `Please keep this under ${max} characters` })
    .nullish()
    .transform((v) => (v == null ? v : v.trim() || null));

export const UpdateProfileSchema = z.object({
  fullName: z.string().trim().min(1, { error: REQUIRED_MESSAGES.fullName }).max(120).optional(),
  phone: optionalText(40).refine((v) => !v || PHONE.test(v), {
    error: REQUIRED_MESSAGES.phoneFormat,
  }),
  businessName: optionalText(120),
  category: optionalText(80),
});
export type UpdateProfileInput = z.input<typeof UpdateProfileSchema>;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MESSAGES = {
  notImage: 'Please upload an image (JPEG, PNG, WebP or GIF)',
  tooLarge: 'Images must be 5 MB or smaller',
  missing: 'Please choose an image to upload',
} as const;
