import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { PostSummary } from '../../../contracts/content';
import { POST_CARD_SIZES } from '../../../contracts/page-data';
import { formatDate } from './api';

/** A blog image's three widths (the server stores 400, 800 and 1600 px WebPs). */
export function blogSrcSet(sizes: NonNullable<PostSummary['coverSizes']>): string {
  return `${sizes.small} 400w, ${sizes.medium} 800w, ${sizes.large} 1600w`;
}

/**
 * `lead`: the first card of /blog, on a phone's first screen and its largest paint; its cover is
 * fetched at once (the server preloads the same file), not when the layout sees it.
 */
export function PostCard({
  post,
  headingLevel = 2,
  lead = false,
}: {
  post: PostSummary;
  headingLevel?: 2 | 3;
  lead?: boolean;
}) {
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
          loading={lead ? 'eager' : 'lazy'}
          fetchPriority={lead ? 'high' : 'auto'}
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
