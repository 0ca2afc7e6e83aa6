import type {
  HelpArticle,
  Post,
  PostSummary,
  SupportTicket,
  SupportTicketSummary,
} from '../../../contracts/content';
import type { findPost, PostSummaryRow } from './blog.queries';
import type { findHelpArticle } from './help.queries';
import type { findTicket } from './support.queries';
import { readingMinutes } from './sanitize';

const LARGE_VARIANT = /-large\.webp$/;

/**
 * The three widths of a blog image uploaded as variants (its address names the large one), or
 * null for an image stored in one size only (uploaded before variants existed).
 */
export function blogImageSizes(url: string | null): PostSummary['coverSizes'] {
  if (!url || !LARGE_VARIANT.test(url)) return null;
  const base = url.replace(LARGE_VARIANT, '');
  return { small: `${base}-small.webp`, medium: `${base}-medium.webp`, large: url };
}

export function presentPostSummary(row: PostSummaryRow, now: Date): PostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
    coverSizes: blogImageSizes(row.coverImage),
    tags: row.tags,
    status:
      row.status === 'draft'
        ? 'draft'
        : row.publishedAt && row.publishedAt > now
          ? 'scheduled'
          : 'published',
    publishedAt: row.publishedAt?.toISOString() ?? null,
    readingMinutes: readingMinutes(row.bodyText),
    author: { id: row.authorId, name: row.authorName },
  };
}

export function presentTicketSummary(row: {
  id: string;
  reference: string;
  name: string;
  email: string;
  topic: string;
  source: 'contact' | 'chatbot';
  status: 'open' | 'pending' | 'closed';
  subject: string;
  createdAt: Date;
  updatedAt: Date;
}): SupportTicketSummary {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    topic: row.topic,
    source: row.source,
    status: row.status,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentPost(
  row: NonNullable<Awaited<ReturnType<typeof findPost>>>,
  related: PostSummaryRow[],
  now: Date,
): Post {
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

export function presentHelpArticle(
  row: NonNullable<Awaited<ReturnType<typeof findHelpArticle>>>,
): HelpArticle {
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

export function presentTicket(
  ticket: NonNullable<Awaited<ReturnType<typeof findTicket>>>,
): SupportTicket {
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

export function presentUnanswered(row: { question: string; count: number; last_asked_at: Date }) {
  return {
    question: row.question,
    count: Number(row.count),
    lastAskedAt: new Date(row.last_asked_at).toISOString(),
  };
}
