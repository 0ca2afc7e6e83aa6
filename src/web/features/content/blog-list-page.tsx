import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { pageDataFor } from '../../app/server-head';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useSession } from '../session';
import { blogListQuery } from './api';
import { PostCard } from './post-card';

/** /blog: published posts newest first, with a tag filter, search and pages. */
export function BlogListPage() {
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? undefined;
  const q = params.get('q') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  // /blog without tag, search or page: the server wrote its newest posts into the HTML.
  const { pathname } = useLocation();
  const [seed] = useState(() => pageDataFor(pathname, 'blog'));
  const first = !tag && !q && page === 1;
  const { data, isPending, isError } = useQuery({
    ...blogListQuery({ tag, q, page }),
    // Still asked for in the background: the server keeps a page's head for a few seconds.
    ...(first && seed ? { initialData: seed.list } : {}),
  });
  const pageCount = data?.pageCount ?? 0;
  const { user } = useSession();
  const { t } = useLingui();
  const canWrite = user?.roles.some((r) => r === 'admin' || r === 'blog_admin');

  const go = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams();
    const values = { tag, q, ...next };
    for (const [key, value] of Object.entries(values)) if (value) merged.set(key, value);
    setParams(merged);
  };
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    go({
      q: typeof value === 'string' && value.trim() ? value.trim() : undefined,
      page: undefined,
    });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <title>{t`Blog`}</title>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">
            <Trans>Blog</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Guides for organizers, vendors and venues, and product news.</Trans>
          </p>
        </div>
        <div className="flex gap-2">
          <a href="/blog/rss.xml" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Rss aria-hidden="true" className="size-4" /> RSS
          </a>
          {canWrite ? (
            <Link to="/create-post" className={buttonClasses({ size: 'sm' })}>
              <Trans>Write a post</Trans>
            </Link>
          ) : null}
        </div>
      </div>
      <form role="search" onSubmit={onSearch} className="mb-4 flex max-w-xl gap-2">
        <label htmlFor="blog-search" className="sr-only">
          <Trans>Search the blog</Trans>
        </label>
        <Input
          id="blog-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={t`Search articles`}
        />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      {data?.tags.length ? (
        <nav aria-label={t`Tags`} className="mb-8 flex flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={!tag}
            onClick={() => go({ tag: undefined, page: undefined })}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              !tag ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
            )}
          >
            <Trans>All</Trans>
          </button>
          {data.tags.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={tag === name}
              onClick={() => go({ tag: name, page: undefined })}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                tag === name
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border',
              )}
            >
              {name}
            </button>
          ))}
        </nav>
      ) : null}
      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <Alert variant="destructive">
          <Trans>The blog could not be loaded. Please try again.</Trans>
        </Alert>
      ) : data.items.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          {q || tag ? t`No articles match. Try another search or tag.` : t`No articles yet.`}
        </p>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((post, index) => (
              <li key={post.id}>
                <PostCard post={post} lead={index === 0} />
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <nav aria-label={t`Pages`} className="mt-8 flex items-center justify-center gap-4">
              <Button
                variant="outline"
                disabled={page <= 1}
                onClick={() => go({ page: page > 2 ? String(page - 1) : undefined })}
              >
                <Trans>Newer</Trans>
              </Button>
              <span className="text-sm">
                <Trans>
                  Page {page} of {pageCount}
                </Trans>
              </span>
              <Button
                variant="outline"
                disabled={page >= pageCount}
                onClick={() => go({ page: String(page + 1) })}
              >
                <Trans>Older</Trans>
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
