import type { PostSummary, SupportTicketSummary } from '../../../contracts/content';
import type { PostSummaryRow } from './content.queries';
import { readingMinutes } from './sanitize';

export function presentPostSummary(row: PostSummaryRow, now: Date): PostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.coverImage,
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
