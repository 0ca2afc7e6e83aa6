import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  PostInputSchema,
  PostListQuerySchema,
  PostListSchema,
  PostSchema,
  ManagePostsPageSchema,
  ManagePostsQuerySchema,
  PublishPostSchema,
  UploadedImageSchema,
} from '../../../contracts/content';
import { idParams } from '../../../contracts/ids';
import { currentUser, requireRole } from '../../platform/auth/guards';
import { errorResponses } from '../../platform/http/error-responses';
import { readUploadedFile } from '../../platform/http/uploads';
import * as blog from './blog.service';
import { sendJson } from '../../platform/http/send-json';
import type { ContentDeps } from './content.service';

const errors = errorResponses(400, 401, 403, 404);
const PostIdParams = z.object({
  id: z.string().trim().min(1).max(120, { error: 'Post not found' }),
});
const PostUuidParams = idParams('Post not found');
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const blogRoutes =
  (deps: ContentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/blog/posts',
      {
        schema: {
          tags: ['blog'],
          summary: 'Published posts, newest first (tag filter, search, pages of 9)',
          querystring: PostListQuerySchema,
          response: { 200: PostListSchema, ...errorResponses(400) },
        },
      },
      async (request, reply) => sendJson(reply, await blog.publicPostsJson(deps, request.query)),
    );

    app.get(
      '/blog/manage',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'A page of every post with drafts and scheduled ones (blog_admin)',
          querystring: ManagePostsQuerySchema,
          response: { 200: ManagePostsPageSchema, ...errors },
        },
      },
      async (request) => blog.listAllPosts(deps, await currentUser(request), request.query),
    );

    app.get(
      '/blog/posts/:id',
      {
        schema: {
          tags: ['blog'],
          summary: 'One post by id or slug (drafts only for blog_admin)',
          params: PostIdParams,
          response: { 200: PostSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await blog.postJson(deps, {
            idOrSlug: request.params.id,
            actor: await request.getUser(),
          }),
        ),
    );

    app.post(
      '/blog/posts',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'Create a draft post (blog_admin)',
          body: PostInputSchema,
          response: { 201: PostSchema, ...errors },
        },
      },
      async (request, reply) => {
        const post = await blog.createPost(deps, {
          actor: await currentUser(request),
          input: request.body,
        });
        return reply.status(201).send(post);
      },
    );

    app.put(
      '/blog/posts/:id',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'Save a post (the editor autosaves through this; blog_admin)',
          params: PostUuidParams,
          body: PostInputSchema,
          response: { 200: PostSchema, ...errors },
        },
      },
      async (request) =>
        blog.updatePost(deps, {
          actor: await currentUser(request),
          id: request.params.id,
          input: request.body,
        }),
    );

    app.post(
      '/blog/posts/:id/publish',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'Publish now or at `publishAt` (scheduled; blog_admin)',
          params: PostUuidParams,
          body: PublishPostSchema,
          response: { 200: PostSchema, ...errors },
        },
      },
      async (request) =>
        blog.publishPost(deps, {
          actor: await currentUser(request),
          id: request.params.id,
          publishAt: request.body.publishAt,
        }),
    );

    app.post(
      '/blog/posts/:id/unpublish',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'Back to draft (blog_admin)',
          params: PostUuidParams,
          response: { 200: PostSchema, ...errors },
        },
      },
      async (request) =>
        blog.unpublishPost(deps, { actor: await currentUser(request), id: request.params.id }),
    );

    app.delete(
      '/blog/posts/:id',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'Delete a post (blog_admin)',
          params: PostUuidParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await blog.deletePost(deps, { actor: await currentUser(request), id: request.params.id });
        return { ok: true as const };
      },
    );

    app.post(
      '/blog/images',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'Upload an image for a post (multipart field "image"; WebP ≤ 1600 px)',
          consumes: ['multipart/form-data'],
          response: { 201: UploadedImageSchema, ...errors, ...errorResponses(413) },
        },
      },
      async (request, reply) => {
        const actor = await currentUser(request);
        const data = await readUploadedFile(request, {
          field: 'image',
          maxBytes: IMAGE_MAX_BYTES,
          missingMessage: 'Please choose an image to upload',
          tooLargeMessage: 'Images must be 10 MB or smaller',
        });
        return reply.status(201).send(await blog.uploadPostImage(deps, { actor, data }));
      },
    );
  };

/** The blog's RSS feed at the site root (/blog/rss.xml), beside the SPA's /blog pages. */
export const blogRootRoutes =
  (deps: Pick<ContentDeps, 'db' | 'clock' | 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/blog/rss.xml', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('application/rss+xml; charset=utf-8').send(await blog.blogRss(deps));
    });
  };
