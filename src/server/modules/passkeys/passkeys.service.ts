import { msg } from '@lingui/core/macro';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { FACE_RECOGNITION_TIMEOUT_MS } from '../../../contracts/limits';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import {
  admitSignInFromAddress,
  signInFromAddressSucceeded,
  startSession,
} from '../auth/auth.service';
import {
  advancePasskeyCounter,
  consumeChallenge,
  deletePasskey,
  findPasskeysOfUser,
  getPasskey,
  insertChallenge,
  insertPasskey,
} from './passkeys.queries';

export interface PasskeyDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'RATE_LIMIT_MULTIPLIER'>;
}

// spec §9: the challenge times out after 60000 ms; the stored challenge lives a little longer
// so a slow network does not fail a ceremony the browser still accepts.
const CHALLENGE_TTL_MS = FACE_RECOGNITION_TIMEOUT_MS + 30_000;
export const PASSKEY_FAILED_MESSAGE = msg`Face recognition failed. Please try email and password.`;

function relyingParty(config: PasskeyDeps['config']) {
  const url = new URL(config.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: config.APP_NAME };
}

export async function startPasskeyRegistration(deps: PasskeyDeps, user: AuthUser) {
  const rp = relyingParty(deps.config);
  const existing = await findPasskeysOfUser(deps.db, { userId: user.id });
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    timeout: FACE_RECOGNITION_TIMEOUT_MS,
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as never })),
    authenticatorSelection: {
      residentKey: 'required',
      userVerification: 'required',
      authenticatorAttachment: 'platform',
    },
  });
  const challengeId = await insertChallenge(deps.db, {
    challenge: options.challenge,
    purpose: 'registration',
    userId: user.id,
    now: deps.clock.now(),
    ttlMs: CHALLENGE_TTL_MS,
  });
  return { challengeId, options };
}

export async function finishPasskeyRegistration(
  deps: PasskeyDeps,
  params: {
    user: AuthUser;
    challengeId: string;
    response: RegistrationResponseJSON;
    name?: string;
  },
) {
  const now = deps.clock.now();
  const challenge = await consumeChallenge(deps.db, {
    id: params.challengeId,
    purpose: 'registration',
    userId: params.user.id,
    now,
  });
  if (!challenge)
    throw new AppError('BAD_REQUEST', msg`This passkey request has expired. Please try again.`);
  const rp = relyingParty(deps.config);
  const verification = await verifyRegistrationResponse({
    response: params.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified)
    throw new AppError('BAD_REQUEST', msg`The passkey could not be verified. Please try again.`);
  const info = verification.registrationInfo;
  const stored = await insertPasskey(deps.db, {
    id: info.credential.id,
    userId: params.user.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: params.name || 'Passkey',
    createdAt: now,
  });
  if (!stored) throw new AppError('CONFLICT', msg`This passkey is already registered.`);
  return getPasskeyOrThrow(deps, info.credential.id);
}

async function getPasskeyOrThrow(deps: PasskeyDeps, id: string) {
  const passkey = await getPasskey(deps.db, { id });
  if (!passkey) throw new AppError('NOT_FOUND', msg`Passkey not found`);
  return passkey;
}

export async function startPasskeySignIn(deps: PasskeyDeps) {
  const rp = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    timeout: FACE_RECOGNITION_TIMEOUT_MS,
  });
  const challengeId = await insertChallenge(deps.db, {
    challenge: options.challenge,
    purpose: 'authentication',
    userId: null,
    now: deps.clock.now(),
    ttlMs: CHALLENGE_TTL_MS,
  });
  return { challengeId, options };
}

/**
 * Verifies a passkey assertion and starts a session. Each challenge is used once and the
 * signature counter must move forward, so a captured assertion cannot be replayed. Failed
 * verifications count against the client address as failed password sign-ins do (auth module);
 * a verified passkey gives its attempt back, so a crowd behind one address is never turned away.
 */
export async function finishPasskeySignIn(
  deps: PasskeyDeps,
  params: {
    challengeId: string;
    response: AuthenticationResponseJSON;
    userAgent?: string;
    address: string;
  },
) {
  await admitSignInFromAddress(deps, params.address);
  const passkey = await verifyPasskeyAssertion(deps, params);
  await signInFromAddressSucceeded(deps, params.address);
  return startSession(deps, {
    credentialChecked: true,
    userId: passkey.userId,
    userAgent: params.userAgent,
    address: params.address,
  });
}

/**
 * Checks a passkey assertion against its single-use challenge and moves the signature counter
 * forward; the passkey's owner, or UNAUTHENTICATED. Also the second step of a two-factor
 * sign-in and the re-authentication before sensitive actions.
 */
export async function verifyPasskeyAssertion(
  deps: PasskeyDeps,
  params: { challengeId: string; response: AuthenticationResponseJSON },
): Promise<{ userId: string }> {
  const now = deps.clock.now();
  const challenge = await consumeChallenge(deps.db, {
    id: params.challengeId,
    purpose: 'authentication',
    userId: null,
    now,
  });
  if (!challenge)
    throw new AppError('UNAUTHENTICATED', PASSKEY_FAILED_MESSAGE, { reason: 'CHALLENGE' });
  const passkey = await getPasskey(deps.db, { id: params.response.id });
  if (!passkey)
    throw new AppError('UNAUTHENTICATED', PASSKEY_FAILED_MESSAGE, { reason: 'UNKNOWN_CREDENTIAL' });
  const rp = relyingParty(deps.config);
  const verification = await verifyAuthenticationResponse({
    response: params.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.id,
      publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verification.verified || !verification.authenticationInfo) {
    throw new AppError('UNAUTHENTICATED', PASSKEY_FAILED_MESSAGE, { reason: 'SIGNATURE' });
  }
  const advanced = await advancePasskeyCounter(deps.db, {
    id: passkey.id,
    newCounter: verification.authenticationInfo.newCounter,
    now,
  });
  if (!advanced)
    throw new AppError('UNAUTHENTICATED', PASSKEY_FAILED_MESSAGE, { reason: 'COUNTER' });
  return { userId: passkey.userId };
}

export function listPasskeys(deps: Pick<PasskeyDeps, 'db'>, user: AuthUser) {
  return findPasskeysOfUser(deps.db, { userId: user.id });
}

export async function removePasskey(
  deps: Pick<PasskeyDeps, 'db'>,
  params: { user: AuthUser; id: string },
) {
  // Scoped to the owner in the query: another person's passkey id is simply "not found".
  if (!(await deletePasskey(deps.db, { id: params.id, userId: params.user.id }))) {
    throw new AppError('NOT_FOUND', msg`Passkey not found`);
  }
}
