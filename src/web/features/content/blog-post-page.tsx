import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { POST_PAGE_COVER_SIZES } from '../../../contracts/page-data';
import { pageDataFor } from '../../app/server-head';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { NotFoundPage } from '../../app/routes/not-found-page';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../session';
import { formatDate, postQuery } from './api';
import { blogSrcSet, PostCard } from './post-card';

/** /blog/{id or slug}: the article with author, date, reading time, share links and related posts. */
export function BlogPostPage() {
  const { id = '' } = useParams();
  // A published post opened from a link: the server wrote it into the page (as the API answers
  // a reader), so the first render has it; it is still asked for in the background (a writer
  // sees drafts and the latest save). Only for the page it was written for.
  const { pathname } = useLocation();
  const [seed] = useState(() => pageDataFor(pathname, 'post'));
  const {
    data: post,
    isPending,
    error,
  } = useQuery({
    ...postQuery(id),
    ...(seed?.path === pathname ? { initialData: seed.post } : {}),
  });
  const { user } = useSession();
  const { t } = useLingui();
  if (isPending) return <PageSpinner />;
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;
  if (!post)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert variant="destructive">
          <Trans>The article could not be loaded. Please try again.</Trans>
        </Alert>
      </div>
    );
  const url = typeof window === 'undefined' ? '' : `${window.location.origin}/blog/${post.slug}`;
  const share = [
    {
      label: t`Share on X`,
      href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(post.title)}`,
    },
    {
      label: t`Share on Facebook`,
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    },
    {
      label: t`Share on LinkedIn`,
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    },
    {
      label: t`Share by email`,
      href: `mailto:?subject=${encodeURIComponent(post.title)}&body=${encodeURIComponent(url)}`,
    },
  ];
  const canWrite = user?.roles.some((r) => r === 'admin' || r === 'blog_admin');
  const published = formatDate(post.publishedAt);
  const author = post.author.name;
  const minutes = post.readingMinutes;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <title>{post.seoTitle || post.title}</title>
      <p className="mb-4 text-sm">
        <Link to="/blog" className="text-primary underline">
          <Trans>← All articles</Trans>
        </Link>
      </p>
      {post.status !== 'published' ? (
        <Badge variant="warning" className="mb-3">
          {post.status === 'draft' ? t`Draft` : t`Scheduled for ${published}`}
        </Badge>
      ) : null}
      <h1 dir="auto" className="text-4xl font-extrabold tracking-tight text-balance">
        {post.title}
      </h1>
      <p className="mt-3 text-sm text-muted-foreground">
        <Trans>
          By {author} · {published} · {minutes} min read
        </Trans>
      </p>
      {canWrite ? (
        <Link
          to={`/edit-post/${post.id}`}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-3' })}
        >
          <Trans>Edit post</Trans>
        </Link>
      ) : null}
      {post.coverImage ? (
        <img
          src={post.coverImage}
          srcSet={post.coverSizes ? blogSrcSet(post.coverSizes) : undefined}
          sizes={post.coverSizes ? POST_PAGE_COVER_SIZES : undefined}
          alt=""
          width={1600}
          height={900}
          className="mt-6 aspect-video w-full rounded-lg object-cover"
        />
      ) : null}
      {/* The HTML was sanitized on the server before it was stored (DOMPurify, decision 022). */}
      <div
        dir="auto"
        className="prose-content mt-8 space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:ps-4 [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
        dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
      />
      {post.tags.length ? (
        <ul aria-label={t`Tags`} className="mt-8 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/blog?tag=${encodeURIComponent(tag)}`}
                className="rounded-full border border-border px-3 py-1 text-sm hover:border-primary"
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <nav
        aria-label={t`Share`}
        className="mt-8 flex flex-wrap gap-3 border-t border-border pt-6 text-sm"
      >
        {share.map((s) => (
          <a
            key={s.label}
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline"
          >
            {s.label}
          </a>
        ))}
      </nav>
      {post.related.length ? (
        <section aria-labelledby="related-posts" className="mt-12">
          <h2 id="related-posts" className="mb-4 text-2xl font-bold">
            <Trans>Related articles</Trans>
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {post.related.map((r) => (
              <li key={r.id}>
                <PostCard post={r} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
