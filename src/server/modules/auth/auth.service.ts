import {
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  type SignInInput,
} from '../../../contracts/auth';
import type { Database } from '../../db/client';
import { dummyPasswordHash, verifyPassword } from '../../platform/auth/passwords';
import {
  createSession,
  deleteSession,
  findSessionUser,
  type AuthUser,
} from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { findUserCredentialsByEmail } from './auth.queries';

export async function signIn(
  deps: { db: Database; clock: Clock },
  input: SignInInput & { userAgent?: string },
): Promise<{ token: string; expiresAt: Date; user: AuthUser }> {
  const user = await findUserCredentialsByEmail(deps.db, { email: input.email });
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash()),
    input.password,
  );
  if (!user || !user.passwordHash || !passwordOk) {
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
  }
  // spec §8: signing in unconfirmed shows "Email not confirmed"; only after the password matched,
  // so this answer does not reveal which emails exist.
  if (!user.emailConfirmedAt) {
    throw new AppError('FORBIDDEN', EMAIL_NOT_CONFIRMED_MESSAGE, { reason: 'EMAIL_NOT_CONFIRMED' });
  }
  const now = deps.clock.now();
  const session = await createSession(deps.db, {
    userId: user.id,
    now,
    userAgent: input.userAgent,
  });
  const sessionUser = await findSessionUser(deps.db, { token: session.token, now });
  if (!sessionUser) throw new AppError('INTERNAL', 'The new session could not be read back');
  return { ...session, user: sessionUser };
}

export async function signOut(
  deps: { db: Database },
  params: { token: string | undefined },
): Promise<void> {
  if (params.token) await deleteSession(deps.db, { token: params.token });
}
