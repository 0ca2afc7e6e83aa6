import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
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
  const { data, isPending, isError } = useQuery(blogListQuery({ tag, q, page }));
  const { user } = useSession();
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
      <title>Blog</title>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Blog</h1>
          <p className="text-muted-foreground">
            Guides for organizers, vendors and venues, and product news.
          </p>
        </div>
        <div className="flex gap-2">
          <a href="/blog/rss.xml" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Rss aria-hidden="true" className="size-4" /> RSS
          </a>
          {canWrite ? (
            <Link to="/create-post" className={buttonClasses({ size: 'sm' })}>
              Write a post
            </Link>
          ) : null}
        </div>
      </div>
      <form role="search" onSubmit={onSearch} className="mb-4 flex max-w-xl gap-2">
        <label htmlFor="blog-search" className="sr-only">
          Search the blog
        </label>
        <Input
          id="blog-search"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search articles"
        />
        <Button type="submit">Search</Button>
      </form>
      {data?.tags.length ? (
        <nav aria-label="Tags" className="mb-8 flex flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={!tag}
            onClick={() => go({ tag: undefined, page: undefined })}
            className={cn(
              'rounded-full border px-3 py-1 text-sm',
              !tag ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
            )}
          >
            All
          </button>
          {data.tags.map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={tag === t}
              onClick={() => go({ tag: t, page: undefined })}
              className={cn(
                'rounded-full border px-3 py-1 text-sm',
                tag === t ? 'border-primary bg-primary text-primary-foreground' : 'border-border',
              )}
            >
              {t}
            </button>
          ))}
        </nav>
      ) : null}
      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <Alert variant="destructive">The blog could not be loaded. Please try again.</Alert>
      ) : data.items.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">
          {q || tag ? 'No articles match. Try another search or tag.' : 'No articles yet.'}
        </p>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
          {data.pageCount > 1 ? (
            <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
              <Button
                variant="outline"
                disabled={page <= 1}
                onClick={() => go({ page: page > 2 ? String(page - 1) : undefined })}
              >
                Newer
              </Button>
              <span className="text-sm">
                Page {page} of {data.pageCount}
              </span>
              <Button
                variant="outline"
                disabled={page >= data.pageCount}
                onClick={() => go({ page: String(page + 1) })}
              >
                Older
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
