import type { Config } from '../../config';

// Per-client (IP) limits on the auth endpoints. Keyed by IP only, never by the email typed in,
// so nobody can lock another person out of their account by failing on purpose.
const LIMITS = {
  signIn: { max: 10, timeWindow: '1 minute' },
  signUp: { max: 10, timeWindow: '10 minutes' },
  passwordReset: { max: 5, timeWindow: '10 minutes' },
  passkey: { max: 30, timeWindow: '1 minute' },
  rating: { max: 20, timeWindow: '10 minutes' },
  newsletter: { max: 10, timeWindow: '10 minutes' },
  // Card attempts on the built-in checkout, like a provider's card-testing protection.
  cardAttempt: { max: 20, timeWindow: '10 minutes' },
  // Notifications a person can make happen for themselves (test button, own emails, push sign-ups).
  selfNotify: { max: 10, timeWindow: '1 minute' },
  pushSubscribe: { max: 20, timeWindow: '10 minutes' },
  unsubscribe: { max: 20, timeWindow: '10 minutes' },
} as const;

/** A route's `config.rateLimit`, scaled by RATE_LIMIT_MULTIPLIER (browser test suites raise it). */
export function rateLimit(
  kind: keyof typeof LIMITS,
  config: Pick<Config, 'RATE_LIMIT_MULTIPLIER'>,
) {
  const limit = LIMITS[kind];
  return {
    rateLimit: { max: limit.max * config.RATE_LIMIT_MULTIPLIER, timeWindow: limit.timeWindow },
  };
}
