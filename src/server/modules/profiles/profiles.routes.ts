import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  ProfileSchema,
  UpdateProfileSchema,
} from '../../../contracts/accounts';
import type { AppDeps } from '../../app-deps';
import { currentUser, requireAuth } from '../../platform/auth/guards';
import { readUploadedFile } from '../../platform/http/uploads';
import { getMyProfile, removeAvatar, replaceAvatar, updateMyProfile } from './profiles.service';
import { errorResponses } from '../../platform/http/error-responses';

const errors = errorResponses(400, 401, 413);

export const profileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/',
      {
        schema: {
          tags: ['profile'],
          summary: 'My profile',
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request) => getMyProfile(deps, await currentUser(request)),
    );

    app.patch(
      '/',
      {
        schema: {
          tags: ['profile'],
          summary: 'Update my profile',
          body: UpdateProfileSchema,
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request) =>
        updateMyProfile(deps, { user: await currentUser(request), input: request.body }),
    );

    app.post(
      '/avatar',
      {
        schema: {
          tags: ['profile'],
          summary:
            'Upload an avatar (multipart field "avatar"; images only, 5 MB at most; stored as a 256 px WebP)',
          consumes: ['multipart/form-data'],
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request) => {
        const user = await currentUser(request);
        const data = await readUploadedFile(request, {
          field: 'avatar',
          maxBytes: AVATAR_MAX_BYTES,
          missingMessage: AVATAR_MESSAGES.missing,
          tooLargeMessage: AVATAR_MESSAGES.tooLarge,
        });
        return replaceAvatar(deps, { user, data });
      },
    );

    app.delete(
      '/avatar',
      {
        schema: {
          tags: ['profile'],
          summary: 'Remove my avatar',
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request) => removeAvatar(deps, { user: await currentUser(request) }),
    );
  };
