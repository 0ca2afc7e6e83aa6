import { generateSecret, generateURI, verify } from 'otplib';

// The authenticator-app rules (RFC 6238 with the apps' defaults: SHA-1, 6 digits, 30 seconds).
// A code is accepted one step either side of now (a phone's clock drifts, a person types slowly)
// and only once: its step must be later than the last accepted one, so a code seen over someone's
// shoulder or caught in transit cannot be used again.

export const TOTP_STEP_SECONDS = 30;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW_STEPS = 1;

export const newTotpSecret = (): string => generateSecret();

export function totpUri(params: { issuer: string; account: string; secret: string }): string {
  return generateURI({ issuer: params.issuer, label: params.account, secret: params.secret });
}

/**
 * The step of the code when it is valid now (± one step) and later than `lastUsedStep`; null
 * otherwise (wrong, too old, or a replay).
 */
export async function acceptTotp(params: {
  secret: string;
  code: string;
  now: Date;
  lastUsedStep: number | null;
}): Promise<number | null> {
  if (!/^\d{6}$/.test(params.code)) return null;
  const result = await verify({
    secret: params.secret,
    token: params.code,
    epoch: Math.floor(params.now.getTime() / 1000),
    epochTolerance: TOTP_STEP_SECONDS * TOTP_WINDOW_STEPS,
  }).catch(() => ({ valid: false as const }));
  // The TOTP answer names the step the code belongs to (the HOTP one in the union does not).
  if (!result.valid || !('timeStep' in result)) return null;
  const step = result.timeStep;
  if (params.lastUsedStep !== null && step <= params.lastUsedStep) return null;
  return step;
}
