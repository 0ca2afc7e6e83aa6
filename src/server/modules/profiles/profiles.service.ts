import { msg } from '@lingui/core/macro';
import {
  AVATAR_MESSAGES,
  type Profile,
  type UpdateProfileInput,
} from '../../../contracts/accounts';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import { squareWebp } from '../../platform/storage/images';
import type { FileStore } from '../../platform/storage/storage';
import { getProfile, updateProfile } from './profiles.queries';

export interface ProfileDeps {
  db: Database;
  clock: Clock;
  files: FileStore;
}

const AVATAR_SIZE = 256;

export async function getMyProfile(
  deps: Pick<ProfileDeps, 'db'>,
  user: AuthUser,
): Promise<Profile> {
  const profile = await getProfile(deps.db, { userId: user.id });
  if (!profile) throw new AppError('NOT_FOUND', msg`Profile not found`);
  return { ...profile, createdAt: profile.createdAt.toISOString() };
}

export async function updateMyProfile(
  deps: ProfileDeps,
  params: {
    user: AuthUser;
    input: {
      [K in keyof UpdateProfileInput]: Exclude<UpdateProfileInput[K], undefined> | undefined;
    };
  },
): Promise<Profile> {
  const values = Object.fromEntries(
    Object.entries(params.input).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(values).length)
    await updateProfile(deps.db, { userId: params.user.id, now: deps.clock.now(), values });
  return getMyProfile(deps, params.user);
}

/** Stores a resized avatar, points the profile at it and removes the previous file. */
export async function replaceAvatar(
  deps: ProfileDeps,
  params: { user: AuthUser; data: Buffer },
): Promise<Profile> {
  const webp = await squareWebp(params.data, AVATAR_SIZE);
  if (!webp)
    throw new AppError('VALIDATION_FAILED', AVATAR_MESSAGES.notImage, {
      fields: [{ field: 'avatar', message: AVATAR_MESSAGES.notImage }],
    });
  const previous = (await getMyProfile(deps, params.user)).avatarUrl;
  const url = await deps.files.put('avatars', 'webp', webp);
  await updateProfile(deps.db, {
    userId: params.user.id,
    now: deps.clock.now(),
    values: { avatarUrl: url },
  });
  if (previous) await deps.files.remove(previous);
  return getMyProfile(deps, params.user);
}

export async function removeAvatar(
  deps: ProfileDeps,
  params: { user: AuthUser },
): Promise<Profile> {
  const previous = (await getMyProfile(deps, params.user)).avatarUrl;
  await updateProfile(deps.db, {
    userId: params.user.id,
    now: deps.clock.now(),
    values: { avatarUrl: null },
  });
  if (previous) await deps.files.remove(previous);
  return getMyProfile(deps, params.user);
}
