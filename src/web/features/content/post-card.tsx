import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { PostSummary } from '../../../contracts/content';
import { formatDate } from './api';

/**
 * How wide a card's cover is drawn: the lists are one column on a phone, two from `sm`, three
 * from `lg` in a 72rem page (blog-list-page.tsx), so a phone takes the 800 px file at most and a
 * wide window the 400 px one.
 */
const POST_CARD_SIZES = '(min-width: 1024px) 23rem, (min-width: 640px) 50vw, 100vw';

/** A blog image's three widths (the server stores 400, 800 and 1600 px WebPs). */
export function blogSrcSet(sizes: NonNullable<PostSummary['coverSizes']>): string {
  return `${sizes.small} 400w, ${sizes.medium} 800w, ${sizes.large} 1600w`;
}

export function PostCard({ post, headingLevel = 2 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const published = formatDate(post.publishedAt);
  const minutes = post.readingMinutes;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-border bg-card">
      {post.coverImage ? (
        <img
          src={post.coverSizes?.medium ?? post.coverImage}
          srcSet={post.coverSizes ? blogSrcSet(post.coverSizes) : undefined}
          sizes={post.coverSizes ? POST_CARD_SIZES : undefined}
          alt=""
          width={1600}
          height={900}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="aspect-video w-full bg-primary-soft" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        {post.tags[0] ? (
          <span className="text-xs font-semibold text-primary uppercase">{post.tags[0]}</span>
        ) : null}
        <Heading className="text-lg font-semibold">
          <Link to={`/blog/${post.slug}`} dir="auto" className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p dir="auto" className="line-clamp-3 text-sm text-muted-foreground">
          {post.excerpt}
        </p>
        <p className="mt-auto text-xs text-muted-foreground">
          <Trans>
            {published} · {minutes} min read
          </Trans>
        </p>
      </div>
    </article>
  );
}
