import { randomBytes } from 'node:crypto';
import type {
  ChatAnswer,
  ChatHandoff,
  ContactInput,
  HelpArticleInput,
  HelpIndex,
  HelpSearchResult,
  Post,
  PostInput,
  PostList,
  SitePage,
  SitePageSlug,
  SupportStatus,
  SupportTicket,
} from '../../../contracts/content';
import {
  CONTENT_LIMITS,
  HELP_CATEGORIES,
  PostInputSchema,
  SITE_PAGE_SLUGS,
} from '../../../contracts/content';
import type { Config } from '../../config';
import type { Database, DbExecutor } from '../../db/client';
import type { AuthUser } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/errors';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { escapeHtml, renderMail } from '../../platform/mail/templates';
import { fitWebp } from '../../platform/storage/images';
import { chatAnswerText } from './chat-answer';
import type { FileStore } from '../../platform/storage/storage';
import { canEditSiteContent, canWriteBlog, isSupportStaff } from './content.policy';
import { presentPostSummary, presentTicketSummary } from './content.presenter';
import * as q from './content.queries';
import { PAGE_DEFAULTS } from './page-defaults';
import { htmlToText, readingMinutes, sanitizeHtml } from './sanitize';

export interface ContentDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  files: FileStore;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'CONTACT_EMAIL'>;
}

const postNotFound = () => new AppError('NOT_FOUND', 'Post not found');
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

function requireBlogWriter(actor: AuthUser) {
  if (!canWriteBlog(actor)) throw new AppError('FORBIDDEN', 'Required role: blog_admin');
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

/** The requested slug, or one made from the title with -2, -3… until it is free. */
async function freeSlug(db: DbExecutor, params: { wanted?: string; title: string; id?: string }) {
  if (params.wanted) {
    if (await q.slugTaken(db, { slug: params.wanted, exceptId: params.id }))
      throw fieldError('slug', 'Another post already uses this slug');
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
    if (isUniqueViolation(error)) throw fieldError('slug', 'Another post already uses this slug');
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

// ---------- Blog ----------

export async function listPublicPosts(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { tag?: string; q?: string; page: number },
): Promise<PostList> {
  const now = deps.clock.now();
  const size = CONTENT_LIMITS.pageSize;
  const [{ rows, total }, tags] = await Promise.all([
    q.findPublicPosts(deps.db, {
      now,
      tag: params.tag?.toLowerCase(),
      // A term with no letters or digits in it matches nothing, never the unfiltered list.
      words: params.q ? searchWords(params.q) : undefined,
      limit: size,
      offset: (params.page - 1) * size,
    }),
    q.findPublicTags(deps.db, { now }),
  ]);
  return {
    items: rows.map((row) => presentPostSummary(row, now)),
    page: params.page,
    pageCount: Math.max(1, Math.ceil(total / size)),
    tags,
  };
}

export async function getPost(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { idOrSlug: string; actor: AuthUser | null },
): Promise<Post> {
  const now = deps.clock.now();
  const row = await q.findPost(deps.db, {
    idOrSlug: params.idOrSlug,
    now,
    includeDrafts: canWriteBlog(params.actor),
  });
  if (!row) throw postNotFound();
  const related = await q.findRelatedPosts(deps.db, { id: row.id, tags: row.tags, now, limit: 3 });
  return {
    ...presentPostSummary(row, now),
    bodyHtml: row.bodyHtml,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    updatedAt: row.updatedAt.toISOString(),
    readingMinutes: readingMinutes(row.bodyText),
    related: related.map((r) => presentPostSummary(r, now)),
  };
}

export async function listAllPosts(deps: Pick<ContentDeps, 'db' | 'clock'>, actor: AuthUser) {
  requireBlogWriter(actor);
  const now = deps.clock.now();
  return { items: (await q.findAllPosts(deps.db)).map((r) => presentPostSummary(r, now)) };
}

export async function createPost(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
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
  return getPost(deps, { idOrSlug: id, actor: params.actor });
}

export async function updatePost(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'files'>,
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
  if (current.coverImage && current.coverImage !== input.coverImage)
    await deps.files.remove(current.coverImage);
  return getPost(deps, { idOrSlug: current.id, actor: params.actor });
}

export async function publishPost(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
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
  return getPost(deps, { idOrSlug: params.id, actor: params.actor });
}

export async function unpublishPost(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { actor: AuthUser; id: string },
): Promise<Post> {
  requireBlogWriter(params.actor);
  const updated = await q.updatePost(deps.db, {
    id: params.id,
    values: { status: 'draft', publishedAt: null, updatedAt: deps.clock.now() },
  });
  if (!updated) throw postNotFound();
  return getPost(deps, { idOrSlug: params.id, actor: params.actor });
}

export async function deletePost(
  deps: Pick<ContentDeps, 'db' | 'files'>,
  params: { actor: AuthUser; id: string },
) {
  requireBlogWriter(params.actor);
  const deleted = await q.deletePost(deps.db, { id: params.id });
  if (!deleted) throw postNotFound();
  if (deleted.coverImage) await deps.files.remove(deleted.coverImage);
}

/** An image for a post (cover or inline): WebP, at most 1600 px on its long side. */
export async function uploadPostImage(
  deps: Pick<ContentDeps, 'files'>,
  params: { actor: AuthUser; data: Buffer },
) {
  requireBlogWriter(params.actor);
  const image = await fitWebp(params.data, 1600);
  if (!image) throw fieldError('image', 'The file is not an image we can read');
  return { url: await deps.files.put('blog', 'webp', image.data) };
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

// ---------- Help center ----------

export async function helpIndex(deps: Pick<ContentDeps, 'db'>): Promise<HelpIndex> {
  const [articles, popular] = await Promise.all([
    q.findHelpArticles(deps.db),
    q.findPopularHelpArticles(deps.db, { limit: 6 }),
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

export async function getHelpArticle(deps: Pick<ContentDeps, 'db'>, params: { idOrSlug: string }) {
  const row = await q.findHelpArticle(deps.db, params);
  if (!row) throw new AppError('NOT_FOUND', 'Help article not found');
  await q.countHelpView(deps.db, { id: row.id });
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    title: row.title,
    summary: row.summary,
    body: row.body,
    isFaq: row.isFaq,
    helpfulYes: row.helpfulYes,
    helpfulNo: row.helpfulNo,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function helpFeedback(
  deps: Pick<ContentDeps, 'db'>,
  params: { id: string; helpful: boolean },
) {
  if (!(await q.addHelpFeedback(deps.db, params)))
    throw new AppError('NOT_FOUND', 'Help article not found');
}

export async function faq(deps: Pick<ContentDeps, 'db'>) {
  return { items: await q.findFaq(deps.db) };
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

// Help words are only ever added (saving an article adds its words; nothing removes them), so a
// word once found in help_words stays one: each process remembers the words it has seen there
// and asks PostgreSQL only about the others. Most questions are made of known words, and the
// correction is a transaction of four round trips with a trigram search (decision 022, session
// 15). Kept per database handle (the tests make a database per file) and capped.
const knownHelpWords = new WeakMap<Database, Set<string>>();
const KNOWN_HELP_WORDS_CAP = 50_000;

/** The words with each mistyped one replaced by the closest help word (as typed when none). */
async function correctHelpWords(db: Database, words: string[]): Promise<string[]> {
  let known = knownHelpWords.get(db);
  if (!known) knownHelpWords.set(db, (known = new Set()));
  const seen = known;
  const ask = [...new Set(words.filter((word) => !seen.has(word)))];
  if (!ask.length) return words;
  const rows = await q.correctWords(db, { words: ask });
  if (seen.size + rows.length > KNOWN_HELP_WORDS_CAP) seen.clear();
  const replaced = new Map<string, string>();
  for (const row of rows) {
    if (row.exact) seen.add(row.typed);
    replaced.set(row.typed, row.known ?? row.typed);
  }
  return words.map((word) => replaced.get(word) ?? word);
}

/**
 * Every word required first; when nothing matches, mistyped words are replaced by the closest
 * word of the help articles and the search runs again; then any word is enough.
 */
export async function searchHelp(
  deps: Pick<ContentDeps, 'db'>,
  params: { q: string; limit?: number },
): Promise<HelpSearchResult> {
  const limit = params.limit ?? 20;
  const words = searchWords(params.q);
  if (!words.length) return { items: [], correctedQuery: null };
  const strip = (hits: q.HelpHit[]) =>
    hits.map(({ id, slug, category, title, summary, snippet }) => ({
      id,
      slug,
      category,
      title,
      summary,
      snippet,
    }));
  const exact = await q.searchHelp(deps.db, { text: words.join(' '), mode: 'all', limit });
  if (exact.length) return { items: strip(exact), correctedQuery: null };
  const corrected = await correctHelpWords(deps.db, words);
  const text = corrected.join(' ');
  const changed = text !== words.join(' ') ? text : null;
  const all = changed ? await q.searchHelp(deps.db, { text, mode: 'all', limit }) : [];
  if (all.length) return { items: strip(all), correctedQuery: changed };
  const any = (await q.searchHelp(deps.db, { text, mode: 'any', limit })).filter(
    (hit) => hit.coverage >= 0.5,
  );
  return { items: strip(any), correctedQuery: any.length ? changed : null };
}

async function helpWordsFor(
  db: DbExecutor,
  input: { title: string; summary: string; body: string },
) {
  await q.addHelpWords(db, { text: `${input.title} ${input.summary} ${input.body}` });
}

export async function saveHelpArticle(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { actor: AuthUser; id?: string; input: HelpArticleInput },
) {
  if (!canEditSiteContent(params.actor)) throw new AppError('FORBIDDEN', 'Required role: admin');
  const input = {
    ...params.input,
    summary: params.input.summary ?? '',
    isFaq: params.input.isFaq ?? false,
  };
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    await helpWordsFor(tx, input);
    if (params.id) {
      if (!(await q.updateHelpArticle(tx, { id: params.id, values: { ...input, updatedAt: now } })))
        throw new AppError('NOT_FOUND', 'Help article not found');
      return params.id;
    }
    return q.upsertHelpArticle(tx, {
      ...input,
      slug: `${slugify(input.title)}-${randomBytes(2).toString('hex')}`,
      updatedAt: now,
    });
  });
  return getHelpArticle(deps, { idOrSlug: id });
}

export async function deleteHelpArticle(
  deps: Pick<ContentDeps, 'db'>,
  params: { actor: AuthUser; id: string },
) {
  if (!canEditSiteContent(params.actor)) throw new AppError('FORBIDDEN', 'Required role: admin');
  if (!(await q.deleteHelpArticle(deps.db, { id: params.id })))
    throw new AppError('NOT_FOUND', 'Help article not found');
}

/** Seed and tests: writes help articles by slug (idempotent) with their words. */
export async function seedHelpArticles(
  db: DbExecutor,
  params: {
    now: Date;
    articles: {
      slug: string;
      category: string;
      title: string;
      summary: string;
      body: string;
      isFaq?: boolean;
    }[];
  },
) {
  let position = 0;
  for (const article of params.articles) {
    position += 1;
    await q.upsertHelpArticle(db, {
      ...article,
      isFaq: article.isFaq ?? false,
      position,
      updatedAt: params.now,
    });
    await helpWordsFor(db, article);
  }
}

// ---------- Chatbot ----------

// An article answers when it holds at least this share of the question's words (after typo
// correction and English stemming, stop words left out). Below it the bot says it has no answer.
export const CHATBOT_MIN_COVERAGE = 0.5;

export async function askChatbot(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { question: string },
): Promise<ChatAnswer> {
  const words = searchWords(params.question);
  const corrected = words.length ? await correctHelpWords(deps.db, words) : [];
  const hits = corrected.length
    ? await q.searchHelp(deps.db, { text: corrected.join(' '), mode: 'any', limit: 3 })
    : [];
  const good = hits.filter((hit) => hit.coverage >= CHATBOT_MIN_COVERAGE);
  const best = good[0];
  const id = await q.logChatQuestion(deps.db, {
    question: params.question.slice(0, 300),
    answered: Boolean(best),
    articleId: best?.id ?? null,
    createdAt: deps.clock.now(),
  });
  if (!best)
    return {
      id,
      answered: false,
      text: "I'm sorry, I don't have an answer to that in our help center. You can rephrase the question, or talk to a person from our support team.",
      sources: [],
    };
  return {
    id,
    answered: true,
    text: chatAnswerText(best, params.question),
    sources: good.map((hit) => ({ slug: hit.slug, title: hit.title })),
  };
}

export async function rateChatAnswer(
  deps: Pick<ContentDeps, 'db'>,
  params: { id: string; helpful: boolean },
) {
  if (!(await q.rateChatAnswer(deps.db, params)))
    throw new AppError('NOT_FOUND', 'Answer not found');
}

export async function unansweredQuestions(deps: Pick<ContentDeps, 'db'>, actor: AuthUser) {
  if (!isSupportStaff(actor)) throw new AppError('FORBIDDEN', 'Required role: moderator');
  const rows = await q.findUnansweredQuestions(deps.db);
  return {
    items: rows.map((r) => ({
      question: r.question,
      count: Number(r.count),
      lastAskedAt: new Date(r.last_asked_at).toISOString(),
    })),
  };
}

// ---------- Site pages ----------

/** A known page's slug, or 404 (an unknown page is not a bad request). */
export function pageSlug(slug: string): SitePageSlug {
  if (!(SITE_PAGE_SLUGS as readonly string[]).includes(slug))
    throw new AppError('NOT_FOUND', 'Page not found');
  return slug as SitePageSlug;
}

function fillPlaceholders(html: string, config: ContentDeps['config']) {
  return html
    .replaceAll('{{APP_NAME}}', escapeHtml(config.APP_NAME))
    .replaceAll('{{CONTACT_EMAIL}}', escapeHtml(config.CONTACT_EMAIL))
    .replaceAll('{{PUBLIC_URL}}', escapeHtml(config.PUBLIC_URL));
}

export async function getSitePage(
  deps: Pick<ContentDeps, 'db' | 'config'>,
  params: { slug: SitePageSlug },
): Promise<SitePage> {
  const row = await q.findSitePage(deps.db, params);
  const fallback = PAGE_DEFAULTS[params.slug];
  return {
    slug: params.slug,
    title: fillPlaceholders(row?.title ?? fallback.title, deps.config),
    bodyHtml: fillPlaceholders(row?.bodyHtml ?? fallback.bodyHtml, deps.config),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    openings: row?.openings ?? fallback.openings,
  };
}

export async function saveSitePage(
  deps: Pick<ContentDeps, 'db' | 'clock' | 'config'>,
  params: {
    actor: AuthUser;
    slug: SitePageSlug;
    input: { title: string; bodyHtml: string; openings?: SitePage['openings'] };
  },
) {
  if (!canEditSiteContent(params.actor)) throw new AppError('FORBIDDEN', 'Required role: admin');
  await q.upsertSitePage(deps.db, {
    slug: params.slug,
    title: params.input.title,
    bodyHtml: sanitizeHtml(params.input.bodyHtml),
    openings: params.input.openings ?? [],
    updatedBy: params.actor.id,
    updatedAt: deps.clock.now(),
  });
  return getSitePage(deps, { slug: params.slug });
}

// ---------- Support tickets ----------

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function newReference() {
  const bytes = randomBytes(6);
  return `SUP-${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

async function openTicket(
  deps: ContentDeps,
  params: {
    actor: AuthUser | null;
    name: string;
    email: string;
    topic: string;
    source: 'contact' | 'chatbot';
    subject: string;
    message: string;
  },
) {
  const now = deps.clock.now();
  const ticket = await deps.db.transaction(async (tx) =>
    q.insertTicket(tx, {
      ticket: {
        reference: newReference(),
        requesterId: params.actor?.id ?? null,
        name: params.name,
        email: params.email.toLowerCase(),
        topic: params.topic,
        source: params.source,
        subject: params.subject.slice(0, 140),
        status: 'open',
        createdAt: now,
        updatedAt: now,
      },
      message: {
        authorId: params.actor?.id ?? null,
        authorName: params.name,
        fromStaff: false,
        body: params.message,
        createdAt: now,
      },
    }),
  );
  const app = deps.config.APP_NAME;
  await enqueueMail(
    deps.jobs,
    renderMail({
      to: ticket.email,
      subject: `[${ticket.reference}] We received your message`,
      appName: app,
      greeting: `Hi ${params.name},`,
      paragraphs: [
        `Thanks for contacting ${app} support. Your request has the reference ${ticket.reference}; a person from our team will answer by email, usually within one working day.`,
        `Your message:\n${params.message}`,
      ],
      footer: `Reply to this email or quote ${ticket.reference} when you write to ${deps.config.CONTACT_EMAIL}.`,
    }),
  );
  const staff = await q.findSupportStaff(deps.db);
  for (const to of staff) {
    await enqueueMail(
      deps.jobs,
      renderMail({
        to,
        subject: `New support request ${ticket.reference}: ${ticket.subject}`,
        appName: app,
        greeting: 'Hi,',
        paragraphs: [`${params.name} <${ticket.email}> wrote (${params.topic}):`, params.message],
        action: { label: 'Open the support inbox', url: `${deps.config.PUBLIC_URL}/admin/support` },
      }),
    );
  }
  return ticket;
}

/** The contact form. A filled-in honeypot gets the same answer and creates nothing. */
export async function submitContact(
  deps: ContentDeps,
  params: { actor: AuthUser | null; input: ContactInput },
) {
  if (params.input.website) return { reference: newReference() };
  const firstLine = params.input.message.split('\n')[0] ?? '';
  const ticket = await openTicket(deps, {
    actor: params.actor,
    name: params.input.name,
    email: params.input.email,
    topic: params.input.topic,
    source: 'contact',
    subject: firstLine.length > 80 ? `${firstLine.slice(0, 77)}…` : firstLine,
    message: params.input.message,
  });
  return { reference: ticket.reference };
}

/** "Talk to a person" from the chatbot: a ticket carrying the conversation. */
export async function chatHandoff(
  deps: ContentDeps,
  params: { actor: AuthUser | null; input: ChatHandoff },
) {
  if (params.input.website) return { reference: newReference() };
  const firstQuestion = params.input.transcript.find((m) => m.from === 'you')?.text ?? 'Chat';
  const transcript = params.input.transcript
    .map((m) => `${m.from === 'you' ? params.input.name : 'Assistant'}: ${m.text}`)
    .join('\n\n');
  const ticket = await openTicket(deps, {
    actor: params.actor,
    name: params.input.name,
    email: params.input.email,
    topic: 'general',
    source: 'chatbot',
    subject: firstQuestion.slice(0, 80),
    message: `Conversation with the assistant:\n\n${transcript}`,
  });
  return { reference: ticket.reference };
}

async function loadTicket(deps: Pick<ContentDeps, 'db'>, params: { id: string; actor: AuthUser }) {
  const ticket = await q.findTicket(deps.db, {
    id: params.id,
    viewerId: params.actor.id,
    asStaff: isSupportStaff(params.actor),
  });
  if (!ticket) throw new AppError('NOT_FOUND', 'Support request not found');
  return ticket;
}

export async function getTicket(
  deps: Pick<ContentDeps, 'db'>,
  params: { id: string; actor: AuthUser },
): Promise<SupportTicket> {
  const ticket = await loadTicket(deps, params);
  return {
    ...presentTicketSummary(ticket),
    messages: ticket.messages.map((m) => ({
      id: m.id,
      fromStaff: m.fromStaff,
      authorName: m.authorName,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export async function myTickets(deps: Pick<ContentDeps, 'db'>, actor: AuthUser) {
  return {
    items: (await q.findTicketsOfRequester(deps.db, { userId: actor.id })).map(
      presentTicketSummary,
    ),
  };
}

export async function ticketQueue(
  deps: Pick<ContentDeps, 'db'>,
  params: { actor: AuthUser; status?: SupportStatus },
) {
  if (!isSupportStaff(params.actor)) throw new AppError('FORBIDDEN', 'Required role: moderator');
  return { items: (await q.findTicketQueue(deps.db, params)).map(presentTicketSummary) };
}

/**
 * A reply: from staff it is mailed to the requester and leaves the ticket pending (waiting on
 * them) unless they choose a status; from the requester it reopens the ticket.
 */
export async function replyToTicket(
  deps: ContentDeps,
  params: { id: string; actor: AuthUser; body: string; status?: SupportStatus },
) {
  const ticket = await loadTicket(deps, params);
  const staff = isSupportStaff(params.actor);
  const now = deps.clock.now();
  await q.addTicketMessage(deps.db, {
    ticketId: ticket.id,
    message: {
      authorId: params.actor.id,
      authorName: staff
        ? `${params.actor.fullName} (${deps.config.APP_NAME} support)`
        : params.actor.fullName,
      fromStaff: staff,
      body: params.body,
      createdAt: now,
    },
    status: staff ? (params.status ?? 'pending') : 'open',
    now,
  });
  if (staff) {
    await enqueueMail(
      deps.jobs,
      renderMail({
        to: ticket.email,
        subject: `[${ticket.reference}] ${ticket.subject}`,
        appName: deps.config.APP_NAME,
        greeting: `Hi ${ticket.name},`,
        paragraphs: [params.body],
        action: ticket.requesterId
          ? {
              label: 'See the conversation',
              url: `${deps.config.PUBLIC_URL}/contact?ticket=${ticket.id}`,
            }
          : undefined,
        footer: `Reference ${ticket.reference}. Reply by writing to ${deps.config.CONTACT_EMAIL}.`,
      }),
    );
  }
  return getTicket(deps, params);
}

export async function setTicketStatus(
  deps: Pick<ContentDeps, 'db' | 'clock'>,
  params: { id: string; actor: AuthUser; status: SupportStatus },
) {
  if (!isSupportStaff(params.actor)) throw new AppError('FORBIDDEN', 'Required role: moderator');
  if (!(await q.setTicketStatus(deps.db, { ...params, now: deps.clock.now() })))
    throw new AppError('NOT_FOUND', 'Support request not found');
  return getTicket(deps, params);
}
