import { SOURCE_LOCALE } from '../../../contracts/locales';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { randomBytes } from 'node:crypto';
import type { ManagePostsQuery, Post, PostInput } from '../../../contracts/content';
import { PostInputSchema } from '../../../contracts/content';
import type { DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import { AppError } from '../../platform/http/errors';
import { translate } from '../../platform/i18n/translate';
import { escapeHtml } from '../../platform/mail/templates';
import type { FileStore } from '../../platform/storage/storage';
import { blogImageVariants } from '../../platform/storage/images';
import { canWriteBlog } from './content.policy';
import { blogImageSizes, presentPostSummary } from './content.presenter';
import * as q from './blog.queries';
import { asJson, listPublicPosts, readPost, slugify, type ContentDeps } from './content.service';
import { htmlToText, sanitizeHtml } from './sanitize';

const postNotFound = () => new AppError('NOT_FOUND', msg`Post not found`);
// The field's message is the English (values filled in); the error handler translates it.
const fieldError = (field: string, message: MessageDescriptor) =>
  new AppError('VALIDATION_FAILED', message, {
    fields: [{ field, message: translate(SOURCE_LOCALE, message) }],
  });

function requireBlogWriter(actor: AuthUser) {
  if (!canWriteBlog(actor)) throw new AppError('FORBIDDEN', msg`Required role: blog_admin`);
}

/** The requested slug, or one made from the title with -2, -3… until it is free. */
async function freeSlug(db: DbExecutor, params: { wanted?: string; title: string; id?: string }) {
  if (params.wanted) {
    if (await q.slugTaken(db, { slug: params.wanted, exceptId: params.id }))
      throw fieldError('slug', msg`Another post already uses this slug`);
    return params.wanted;
  }
  const base = slugify(params.title);
  for (let n = 1; n < 50; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await q.slugTaken(db, { slug, exceptId: params.id }))) return slug;
  }
  return `${base}-${randomBytes(3).toString('hex')}`;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Two saves racing for the same free slug: the loser is told, not answered with a 500. */
async function slugSafe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error))
      throw fieldError('slug', msg`Another post already uses this slug`);
    throw error;
  }
}

function postValues(input: ReturnType<typeof PostInputSchema.parse>) {
  const bodyHtml = sanitizeHtml(input.bodyHtml);
  return {
    title: input.title,
    excerpt: input.excerpt,
    bodyHtml,
    bodyText: htmlToText(bodyHtml),
    tags: [...new Set(input.tags.map((t) => t.toLowerCase()))],
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    coverImage: input.coverImage,
  };
}

/** Published posts as the JSON body every visitor shares. */
export function publicPostsJson(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: { tag?: string; q?: string; page: number },
): Promise<string> {
  return asJson(deps.reads, `list:${params.tag ?? ''}:${params.q ?? ''}:${params.page}`, () =>
    listPublicPosts(deps, params),
  );
}

async function getPost(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { idOrSlug: string; actor: AuthUser | null },
): Promise<Post> {
  const post = await readPost(deps, {
    idOrSlug: params.idOrSlug,
    includeDrafts: canWriteBlog(params.actor),
  });
  if (!post) throw postNotFound();
  return post;
}

/**
 * One post as a JSON body. Blog writers also see drafts, so their answer is theirs alone; every
 * other reader gets the public answer, shared.
 */
export async function postJson(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: { idOrSlug: string; actor: AuthUser | null },
): Promise<string> {
  if (canWriteBlog(params.actor)) return JSON.stringify(await getPost(deps, params));
  return asJson(deps.reads, `post:${params.idOrSlug}`, () =>
    getPost(deps, { idOrSlug: params.idOrSlug, actor: null }),
  );
}

export async function listAllPosts(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  actor: AuthUser,
  query: ManagePostsQuery,
) {
  requireBlogWriter(actor);
  const now = deps.clock.now();
  const { page, pageSize } = query;
  const { rows, total } = await q.findAllPosts(deps.db, {
    q: query.q,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items: rows.map((r) => presentPostSummary(r, now)), total, page, pageSize };
}

export async function createPost(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: { actor: AuthUser; input: PostInput },
): Promise<Post> {
  requireBlogWriter(params.actor);
  const input = PostInputSchema.parse(params.input);
  const now = deps.clock.now();
  const id = await slugSafe(() =>
    deps.db.transaction(async (tx) =>
      q.insertPost(tx, {
        ...postValues(input),
        slug: await freeSlug(tx, { wanted: input.slug, title: input.title }),
        authorId: params.actor.id,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      }),
    ),
  );
  deps.reads.clear();
  return getPost(deps, { idOrSlug: id, actor: params.actor });
}

export async function updatePost(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'files' | 'reads'>,
  params: { actor: AuthUser; id: string; input: PostInput },
): Promise<Post> {
  requireBlogWriter(params.actor);
  const input = PostInputSchema.parse(params.input);
  const current = await q.findPost(deps.db, {
    idOrSlug: params.id,
    now: deps.clock.now(),
    includeDrafts: true,
  });
  if (!current) throw postNotFound();
  await slugSafe(async () =>
    q.updatePost(deps.db, {
      id: current.id,
      values: {
        ...postValues(input),
        slug: await freeSlug(deps.db, {
          wanted: input.slug ?? current.slug,
          title: input.title,
          id: current.id,
        }),
        updatedAt: deps.clock.now(),
      },
    }),
  );
  deps.reads.clear();
  if (current.coverImage && current.coverImage !== input.coverImage)
    await removePostImage(deps.files, current.coverImage);
  return getPost(deps, { idOrSlug: current.id, actor: params.actor });
}

export async function publishPost(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: { actor: AuthUser; id: string; publishAt?: string },
): Promise<Post> {
  requireBlogWriter(params.actor);
  const now = deps.clock.now();
  const at = params.publishAt ? new Date(params.publishAt) : now;
  const updated = await q.updatePost(deps.db, {
    id: params.id,
    values: { status: 'published', publishedAt: at, updatedAt: now },
  });
  if (!updated) throw postNotFound();
  deps.reads.clear();
  return getPost(deps, { idOrSlug: params.id, actor: params.actor });
}

export async function unpublishPost(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'reads'>,
  params: { actor: AuthUser; id: string },
): Promise<Post> {
  requireBlogWriter(params.actor);
  const updated = await q.updatePost(deps.db, {
    id: params.id,
    values: { status: 'draft', publishedAt: null, updatedAt: deps.clock.now() },
  });
  if (!updated) throw postNotFound();
  deps.reads.clear();
  return getPost(deps, { idOrSlug: params.id, actor: params.actor });
}

export async function deletePost(
  deps: Pick<ContentDeps, 'db' | 'files' | 'reads'>,
  params: { actor: AuthUser; id: string },
) {
  requireBlogWriter(params.actor);
  const deleted = await q.deletePost(deps.db, { id: params.id });
  if (!deleted) throw postNotFound();
  deps.reads.clear();
  if (deleted.coverImage) await removePostImage(deps.files, deleted.coverImage);
}

/** A post's image, with its smaller widths when it has them. */
async function removePostImage(files: Pick<FileStore, 'remove'>, url: string) {
  const sizes = blogImageSizes(url);
  await Promise.all((sizes ? Object.values(sizes) : [url]).map((each) => files.remove(each)));
}

/**
 * An image for a post (cover or inline): WebP, at most 1600 px on its long side, stored beside
 * an 800 and a 400 px one so a cover in a card is drawn from a file of its size. The address
 * names the large one, which an inline picture shows as it always did.
 */
export async function uploadPostImage(
  deps: Pick<ContentDeps, 'files'>,
  params: { actor: AuthUser; data: Buffer },
) {
  requireBlogWriter(params.actor);
  const variants = await blogImageVariants(params.data);
  if (!variants) throw fieldError('image', msg`The file is not an image we can read`);
  return { url: `${await deps.files.putVariants('blog', 'webp', variants)}-large.webp` };
}

/** RSS 2.0 of the newest public posts. */
export async function blogRss(deps: Pick<ContentDeps, 'db' | 'clock' | 'config'>) {
  const now = deps.clock.now();
  const { rows } = await q.findPublicPosts(deps.db, { now, limit: 30, offset: 0 });
  const base = deps.config.PUBLIC_URL;
  const items = rows
    .map(
      (r) =>
        `<item><title>${escapeHtml(r.title)}</title><link>${base}/blog/${r.slug}</link><guid isPermaLink="false">${r.id}</guid><pubDate>${r.publishedAt?.toUTCString() ?? ''}</pubDate><description>${escapeHtml(r.excerpt)}</description></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${escapeHtml(deps.config.APP_NAME)} blog</title><link>${base}/blog</link><description>News and guides from ${escapeHtml(deps.config.APP_NAME)}</description>${items}</channel></rss>`;
}
