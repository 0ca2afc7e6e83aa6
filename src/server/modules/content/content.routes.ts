import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/accounts';
import {
  ChatAnswerSchema,
  ChatAskSchema,
  ChatFeedbackSchema,
  ChatHandoffSchema,
  ContactInputSchema,
  ContactReceiptSchema,
  FaqSchema,
  HelpArticleInputSchema,
  HelpArticleSchema,
  HelpFeedbackSchema,
  HelpIndexSchema,
  HelpSearchQuerySchema,
  HelpSearchResultSchema,
  PostInputSchema,
  PostListQuerySchema,
  PostListSchema,
  PostSchema,
  PostSummarySchema,
  PublishPostSchema,
  SitePageInputSchema,
  SitePageSchema,
  SupportQueueQuerySchema,
  SupportReplySchema,
  SupportStatusSchema,
  SupportTicketListSchema,
  SupportTicketSchema,
  UnansweredListSchema,
  UploadedImageSchema,
} from '../../../contracts/content';
import { ErrorBodySchema } from '../../../contracts/errors';
import { currentUser, requireAuth, requireRole } from '../../platform/auth/guards';
import { createResponseCache } from '../../platform/http/response-cache';
import { rateLimit } from '../../platform/http/rate-limits';
import { readUploadedFile } from '../../platform/http/uploads';
import type { ModuleContext } from '../module';
import { canWriteBlog } from './content.policy';
import * as content from './content.service';
import { errorResponses } from '../../platform/http/error-responses';
import { idParams } from '../../../contracts/ids';

const errors = errorResponses(400, 401, 403, 404);
const PostIdParams = z.object({
  id: z.string().trim().min(1).max(120, { error: 'Post not found' }),
});
const PostUuidParams = idParams('Post not found');
const HelpIdParams = idParams('Help article not found');
const HelpRefParams = z.object({
  id: z.string().trim().min(1).max(120, { error: 'Help article not found' }),
});
const TicketIdParams = idParams('Support request not found');
const AnswerIdParams = idParams('Answer not found');
const PageParams = z.object({ slug: z.string().max(60) });
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const contentRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Public blog and help reads are the same for every visitor: serialized at most once a second
    // per key, dropped as soon as anything changes through this instance.
    const cache = createResponseCache({ ttlMs: 1000, clock: ctx.clock });
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && reply.statusCode < 400) cache.clear();
    });
    const cached = async (key: string, compute: () => Promise<unknown>) =>
      cache.get(key, async () => JSON.stringify(await compute()));
    // A body serialized once for many readers goes out as it is.
    const sendJson = (reply: FastifyReply, body: string) =>
      reply.type('application/json; charset=utf-8').send(body);

    // ---------- Blog ----------

    app.get(
      '/blog/posts',
      {
        schema: {
          tags: ['blog'],
          summary: 'Published posts, newest first (tag filter, search, pages of 9)',
          querystring: PostListQuerySchema,
          response: { 200: PostListSchema, 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const { tag, q, page } = request.query;
        const body = await cached(`list:${tag ?? ''}:${q ?? ''}:${page}`, () =>
          content.listPublicPosts(ctx, { tag, q, page }),
        );
        return sendJson(reply, body);
      },
    );

    app.get(
      '/blog/manage',
      {
        onRequest: requireRole('blog_admin'),
        schema: {
          tags: ['blog'],
          summary: 'Every post with drafts and scheduled ones (blog_admin)',
          response: { 200: z.object({ items: z.array(PostSummarySchema) }), ...errors },
        },
      },
      async (request) => content.listAllPosts(ctx, await currentUser(request)),
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
      async (request, reply) => {
        const actor = await request.getUser();
        if (canWriteBlog(actor))
          return content.getPost(ctx, { idOrSlug: request.params.id, actor });
        const body = await cached(`post:${request.params.id}`, () =>
          content.getPost(ctx, { idOrSlug: request.params.id, actor: null }),
        );
        return sendJson(reply, body);
      },
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
        const post = await content.createPost(ctx, {
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
        content.updatePost(ctx, {
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
        content.publishPost(ctx, {
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
        content.unpublishPost(ctx, { actor: await currentUser(request), id: request.params.id }),
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
        await content.deletePost(ctx, { actor: await currentUser(request), id: request.params.id });
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
          response: { 201: UploadedImageSchema, ...errors, 413: ErrorBodySchema },
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
        return reply.status(201).send(await content.uploadPostImage(ctx, { actor, data }));
      },
    );

    // ---------- Help center ----------

    app.get(
      '/help',
      {
        schema: {
          tags: ['help'],
          summary: 'Help categories with their articles, and popular articles',
          response: { 200: HelpIndexSchema },
        },
      },
      async (_request, reply) =>
        sendJson(reply, await cached('help', () => content.helpIndex(ctx))),
    );

    app.get(
      '/help/search',
      {
        schema: {
          tags: ['help'],
          summary: 'Full-text search of the help articles (typo-tolerant)',
          querystring: HelpSearchQuerySchema,
          response: { 200: HelpSearchResultSchema, 400: ErrorBodySchema },
        },
      },
      async (request) => content.searchHelp(ctx, { q: request.query.q }),
    );

    app.get(
      '/help/articles/:id',
      {
        schema: {
          tags: ['help'],
          summary: 'One help article by id or slug',
          params: HelpRefParams,
          response: { 200: HelpArticleSchema, ...errors },
        },
      },
      async (request) => content.getHelpArticle(ctx, { idOrSlug: request.params.id }),
    );

    app.post(
      '/help/articles/:id/feedback',
      {
        config: rateLimit('rating', ctx.config),
        schema: {
          tags: ['help'],
          summary: '"Was this helpful?"',
          params: HelpIdParams,
          body: HelpFeedbackSchema,
          response: { 200: OkSchema, ...errors, 429: ErrorBodySchema },
        },
      },
      async (request) => {
        await content.helpFeedback(ctx, { id: request.params.id, helpful: request.body.helpful });
        return { ok: true as const };
      },
    );

    app.post(
      '/help/articles',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: 'Write a help article (admin)',
          body: HelpArticleInputSchema,
          response: { 201: HelpArticleSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await content.saveHelpArticle(ctx, {
            actor: await currentUser(request),
            input: request.body,
          }),
        ),
    );

    app.put(
      '/help/articles/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: 'Change a help article (admin)',
          params: HelpIdParams,
          body: HelpArticleInputSchema,
          response: { 200: HelpArticleSchema, ...errors },
        },
      },
      async (request) =>
        content.saveHelpArticle(ctx, {
          actor: await currentUser(request),
          id: request.params.id,
          input: request.body,
        }),
    );

    app.delete(
      '/help/articles/:id',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['help'],
          summary: 'Delete a help article (admin)',
          params: HelpIdParams,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (request) => {
        await content.deleteHelpArticle(ctx, {
          actor: await currentUser(request),
          id: request.params.id,
        });
        return { ok: true as const };
      },
    );

    app.get(
      '/faq',
      {
        schema: { tags: ['help'], summary: 'Common questions', response: { 200: FaqSchema } },
      },
      async (_request, reply) => sendJson(reply, await cached('faq', () => content.faq(ctx))),
    );

    // ---------- Chatbot ----------

    app.post(
      '/chatbot/ask',
      {
        config: rateLimit('chatbot', ctx.config),
        schema: {
          tags: ['help'],
          summary: 'Ask the assistant: the best passage of the help center, or an honest no',
          body: ChatAskSchema,
          response: { 200: ChatAnswerSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => content.askChatbot(ctx, { question: request.body.question }),
    );

    app.post(
      '/chatbot/answers/:id/feedback',
      {
        config: rateLimit('chatbot', ctx.config),
        schema: {
          tags: ['help'],
          summary: 'Thumbs up or down on an answer',
          params: AnswerIdParams,
          body: ChatFeedbackSchema,
          response: { 200: OkSchema, ...errors, 429: ErrorBodySchema },
        },
      },
      async (request) => {
        await content.rateChatAnswer(ctx, { id: request.params.id, helpful: request.body.helpful });
        return { ok: true as const };
      },
    );

    app.post(
      '/chatbot/handoff',
      {
        config: rateLimit('contact', ctx.config),
        schema: {
          tags: ['help'],
          summary: 'Talk to a person: a support request carrying the conversation',
          body: ChatHandoffSchema,
          response: { 201: ContactReceiptSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await content.chatHandoff(ctx, { actor: await request.getUser(), input: request.body }),
          ),
    );

    app.get(
      '/chatbot/unanswered',
      {
        onRequest: requireRole('moderator'),
        schema: {
          tags: ['help'],
          summary: 'Questions the assistant could not answer (support staff)',
          response: { 200: UnansweredListSchema, ...errors },
        },
      },
      async (request) => content.unansweredQuestions(ctx, await currentUser(request)),
    );

    // ---------- Site pages ----------

    app.get(
      '/pages/:slug',
      {
        schema: {
          tags: ['site'],
          summary: 'A site page (about, privacy, terms, cookies, accessibility, careers)',
          params: PageParams,
          response: { 200: SitePageSchema, ...errors },
        },
      },
      async (request, reply) =>
        sendJson(
          reply,
          await cached(`page:${request.params.slug}`, () =>
            content.getSitePage(ctx, { slug: content.pageSlug(request.params.slug) }),
          ),
        ),
    );

    app.put(
      '/pages/:slug',
      {
        onRequest: requireRole('admin'),
        schema: {
          tags: ['site'],
          summary: 'Change a site page (admin)',
          params: PageParams,
          body: SitePageInputSchema,
          response: { 200: SitePageSchema, ...errors },
        },
      },
      async (request) =>
        content.saveSitePage(ctx, {
          actor: await currentUser(request),
          slug: content.pageSlug(request.params.slug),
          input: request.body,
        }),
    );

    // ---------- Support ----------

    app.post(
      '/contact',
      {
        config: rateLimit('contact', ctx.config),
        schema: {
          tags: ['support'],
          summary: 'Contact form: opens a support request and mails its reference',
          body: ContactInputSchema,
          response: { 201: ContactReceiptSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await content.submitContact(ctx, {
            actor: await request.getUser(),
            input: request.body,
          }),
        ),
    );

    app.get(
      '/support-tickets',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['support'],
          summary: 'My support requests',
          response: { 200: SupportTicketListSchema, ...errors },
        },
      },
      async (request) => content.myTickets(ctx, await currentUser(request)),
    );

    app.get(
      '/support/queue',
      {
        onRequest: requireRole('moderator'),
        schema: {
          tags: ['support'],
          summary: 'The support inbox (admins and moderators)',
          querystring: SupportQueueQuerySchema,
          response: { 200: SupportTicketListSchema, ...errors },
        },
      },
      async (request) =>
        content.ticketQueue(ctx, {
          actor: await currentUser(request),
          status: request.query.status,
        }),
    );

    app.get(
      '/support-tickets/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['support'],
          summary: 'One support request with its messages (requester or staff)',
          params: TicketIdParams,
          response: { 200: SupportTicketSchema, ...errors },
        },
      },
      async (request) =>
        content.getTicket(ctx, { id: request.params.id, actor: await currentUser(request) }),
    );

    app.post(
      '/support-tickets/:id/messages',
      {
        onRequest: requireAuth,
        schema: {
          tags: ['support'],
          summary: 'Reply (staff replies are mailed to the requester)',
          params: TicketIdParams,
          body: SupportReplySchema,
          response: { 200: SupportTicketSchema, ...errors },
        },
      },
      async (request) =>
        content.replyToTicket(ctx, {
          id: request.params.id,
          actor: await currentUser(request),
          body: request.body.body,
          status: request.body.status,
        }),
    );

    app.post(
      '/support-tickets/:id/status',
      {
        onRequest: requireRole('moderator'),
        schema: {
          tags: ['support'],
          summary: 'Open, pending or closed (staff)',
          params: TicketIdParams,
          body: SupportStatusSchema,
          response: { 200: SupportTicketSchema, ...errors },
        },
      },
      async (request) =>
        content.setTicketStatus(ctx, {
          id: request.params.id,
          actor: await currentUser(request),
          status: request.body.status,
        }),
    );
  };

/** The blog's RSS feed at the site root (/blog/rss.xml), beside the SPA's /blog pages. */
export const contentRootRoutes =
  (ctx: ModuleContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/blog/rss.xml', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return reply.type('application/rss+xml; charset=utf-8').send(await content.blogRss(ctx));
    });
  };
