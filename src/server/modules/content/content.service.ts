import {
  CONTENT_LIMITS,
  HELP_CATEGORIES,
  type HelpIndex,
  type Post,
  type PostList,
} from '../../../contracts/content';
import type { Locale } from '../../../contracts/locales';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { createResponseCache } from '../../platform/http/response-cache';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { FileStore } from '../../platform/storage/storage';
import * as blogQueries from './blog.queries';
import * as helpQueries from './help.queries';
import { presentPost, presentPostSummary } from './content.presenter';

/**
 * The content module's services, by what a person does: `blog.service.ts`, `help.service.ts`
 * (help centre and FAQ), `assistant.service.ts`, `site-pages.service.ts` and
 * `support.service.ts`. This file holds what they share.
 */

/** Public reads serialized once for every visitor (see `contentDeps`). */
export type PublicReads = ReturnType<typeof createResponseCache>;

export interface ContentDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  files: FileStore;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'CONTACT_EMAIL'>;
  reads: PublicReads;
}

/**
 * One app's content dependencies. Public blog, help and page reads are the same for every
 * visitor: serialized at most once a second per key, and dropped by every write through this
 * instance that changes what they show (other instances see it within the second).
 */
export function contentDeps(deps: Omit<ContentDeps, 'reads'>): ContentDeps {
  return { ...deps, reads: createResponseCache({ ttlMs: 1000, clock: deps.clock }) };
}

/** The answer as a JSON body, serialized once for many readers. */
export async function asJson(
  reads: PublicReads,
  key: string,
  compute: () => Promise<unknown>,
): Promise<string> {
  return reads.get(key, async () => JSON.stringify(await compute()));
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/g, '');
  return slug || 'post';
}

/** Letters and digits only, lower-cased (at most 12 words): never tsquery syntax. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/**
 * One post as GET /api/blog/posts/:id answers it (drafts and scheduled posts only with
 * `includeDrafts`, for a blog writer), or null; here because a post page's data (seo module)
 * reads it too.
 */
export async function readPost(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { idOrSlug: string; includeDrafts: boolean },
): Promise<Post | null> {
  const now = deps.clock.now();
  const row = await blogQueries.findPost(deps.db, { ...params, now });
  if (!row) return null;
  const related = await blogQueries.findRelatedPosts(deps.db, {
    id: row.id,
    tags: row.tags,
    now,
    limit: 3,
  });
  return presentPost(row, related, now);
}

/**
 * Published posts as GET /api/blog/posts answers them; here, not in blog.service.ts, because
 * /blog's page data (seo module) reads them too.
 */
export async function listPublicPosts(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { tag?: string; q?: string; page: number },
): Promise<PostList> {
  const now = deps.clock.now();
  const size = CONTENT_LIMITS.pageSize;
  const [{ rows, total }, tags] = await Promise.all([
    blogQueries.findPublicPosts(deps.db, {
      now,
      tag: params.tag?.toLowerCase(),
      // A term with no letters or digits in it matches nothing, never the unfiltered list.
      words: params.q ? searchWords(params.q) : undefined,
      limit: size,
      offset: (params.page - 1) * size,
    }),
    blogQueries.findPublicTags(deps.db, { now }),
  ]);
  return {
    items: rows.map((row) => presentPostSummary(row, now)),
    page: params.page,
    pageCount: Math.max(1, Math.ceil(total / size)),
    tags,
  };
}

/**
 * The help center's categories with their articles, and the most read ones, in a language, as
 * GET /api/help answers them; here because /help's page data (seo module) reads it too.
 */
export async function readHelpIndex(
  deps: Pick<ContentDeps, 'db'>,
  locale: Locale,
): Promise<HelpIndex> {
  const [articles, popular] = await Promise.all([
    helpQueries.findHelpArticles(deps.db, { locale }),
    helpQueries.findPopularHelpArticles(deps.db, { limit: 6, locale }),
  ]);
  return {
    categories: HELP_CATEGORIES.map((c) => ({
      slug: c.slug,
      name: c.name,
      articles: articles.filter((a) => a.category === c.slug),
    })),
    popular,
  };
}
