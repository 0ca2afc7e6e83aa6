// Who gets a session (spec §8). Roles are platform questions (`hasRole`, `isAdmin` in
// platform/auth/guards.ts: admin passes every role check); a suspended account gets no session
// however it signs in (`startSession` asks platform/auth/suspension.ts); sessions and
// tokens are matched by their hash in the queries. The decisions left are these.

export type SignInRefusal = 'invalid_credentials' | 'email_not_confirmed';

/**
 * A password sign-in: no account, no password (a passkey-only account) or a wrong one all read
 * the same, so the answer does not tell which emails exist; "Email not confirmed" only once the
 * password matched (spec §8).
 */
export function passwordSignInRefusal(
  account: { passwordHash: string | null; emailConfirmedAt: Date | null } | null,
  passwordOk: boolean,
): SignInRefusal | null {
  if (!account || !account.passwordHash || !passwordOk) return 'invalid_credentials';
  if (!account.emailConfirmedAt) return 'email_not_confirmed';
  return null;
}

/**
 * A confirmation or reset link works once, before it expires; otherwise, why not (from its row,
 * if there is one).
 */
export function linkFailure(
  row: { usedAt: Date | null } | undefined,
): 'invalid' | 'used' | 'expired' {
  if (!row) return 'invalid';
  return row.usedAt ? 'used' : 'expired';
}
