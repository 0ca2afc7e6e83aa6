// Per-client (IP) limits on the auth endpoints. Keyed by IP only, never by the email typed in,
// so nobody can lock another person out of their account by failing on purpose.
export const RATE_LIMITS = {
  signIn: { max: 10, timeWindow: '1 minute' },
  signUp: { max: 10, timeWindow: '10 minutes' },
  passwordReset: { max: 5, timeWindow: '10 minutes' },
  passkey: { max: 30, timeWindow: '1 minute' },
} as const;
