import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  HELP_CATEGORIES,
  SITE_PAGE_SLUGS,
  type PostSummary,
  type SitePageSlug,
  type SupportStatus,
} from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { apiPost, errorMessage } from '../../lib/api-client';
import {
  formatDate,
  helpIndexQuery,
  managePostsQuery,
  supportQueueQuery,
  ticketQuery,
  unansweredQuery,
} from './api';
import { TicketThread } from './ticket-thread';

const FILTERS: (SupportStatus | 'all')[] = ['open', 'pending', 'closed', 'all'];

/** /admin/support: the support inbox (admins and moderators). */
export function AdminSupportPage() {
  const [status, setStatus] = useState<SupportStatus | 'all'>('open');
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useQuery(supportQueueQuery(status));
  const unanswered = useQuery(unansweredQuery);
  return (
    <div className="flex flex-col gap-6">
      <title>Support inbox</title>
      <h1 className="text-2xl font-bold">Support inbox</h1>
      <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={status === f ? 'primary' : 'outline'}
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
          >
            {f.charAt(0).toUpperCase() + f.slice(1)}
          </Button>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <section aria-label="Requests">
          {queue.isPending ? (
            <Spinner />
          ) : queue.isError ? (
            <Alert variant="destructive">
              {errorMessage(queue.error, 'The inbox could not be loaded.')}
            </Alert>
          ) : queue.data.items.length === 0 ? (
            <p className="text-muted-foreground">No requests here.</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {queue.data.items.map((t) => (
                <li key={t.id}>
                  <button
                    type="button"
                    aria-current={selected === t.id}
                    onClick={() => setSelected(t.id)}
                    className="w-full px-4 py-3 text-left text-sm hover:bg-muted/50 aria-[current=true]:bg-primary-soft"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium">{t.reference}</span>
                      <Badge variant={t.status === 'open' ? 'warning' : 'outline'}>
                        {t.status}
                      </Badge>
                    </span>
                    <span className="block truncate">{t.subject}</span>
                    <span className="block text-xs text-muted-foreground">
                      {t.name} · {t.source === 'chatbot' ? 'from the assistant' : t.topic} ·{' '}
                      {formatDate(t.updatedAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label="Conversation">
          {selected ? (
            <StaffTicket id={selected} />
          ) : (
            <p className="text-muted-foreground">Choose a request.</p>
          )}
        </section>
      </div>
      <section aria-labelledby="unanswered" className="rounded-lg border border-border p-5">
        <h2 id="unanswered" className="mb-2 text-lg font-semibold">
          Questions the assistant could not answer
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">
          Write help articles for the frequent ones.
        </p>
        {unanswered.data?.items.length ? (
          <ul className="space-y-1 text-sm">
            {unanswered.data.items.map((u) => (
              <li key={u.question}>
                “{u.question}” <span className="text-muted-foreground">×{u.count}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">None so far.</p>
        )}
      </section>
    </div>
  );
}

function StaffTicket({ id }: { id: string }) {
  const { data, isPending, isError } = useQuery(ticketQuery(id));
  if (isPending) return <Spinner />;
  if (isError) return <Alert variant="destructive">This request could not be loaded.</Alert>;
  return (
    <div>
      <h2 className="text-lg font-semibold">
        {data.reference}: {data.subject}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {data.name} &lt;{data.email}&gt; · {data.status}
      </p>
      <TicketThread ticket={data} asStaff />
    </div>
  );
}

/** /admin/blog: every post with drafts and scheduled ones. */
const POST_COLUMNS: ColumnDef<PostSummary, never>[] = [
  {
    id: 'title',
    header: 'Title',
    cell: ({ row }) => (
      <Link to={`/edit-post/${row.original.id}`} className="text-primary underline">
        {row.original.title}
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Badge variant={row.original.status === 'published' ? 'success' : 'warning'}>
        {row.original.status}
      </Badge>
    ),
  },
  { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.publishedAt) },
  { id: 'author', header: 'Author', cell: ({ row }) => row.original.author.name },
];

/** /admin/blog: every post, drafts too, newest change first; paged and searched on the server. */
export function AdminBlogPage() {
  const [table, setTable] = useState<DataTableState>({
    sort: null,
    filter: '',
    page: 0,
    pageSize: 25,
  });
  const posts = useQuery(
    managePostsQuery({ page: table.page + 1, pageSize: table.pageSize, q: table.filter.trim() }),
  );
  return (
    <div className="flex flex-col gap-4">
      <title>Blog posts</title>
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Blog posts</h1>
        <Link to="/create-post" className={buttonClasses({})}>
          Write a post
        </Link>
      </div>
      <DataTable
        caption="Blog posts"
        captionHidden
        columns={POST_COLUMNS}
        data={posts.data?.items}
        total={posts.data?.total ?? 0}
        state={table}
        onStateChange={setTable}
        getRowId={(post) => post.id}
        isLoading={posts.isFetching}
        error={posts.isError ? errorMessage(posts.error, 'The posts could not be loaded.') : null}
        onRetry={() => void posts.refetch()}
        filterLabel="Search titles"
        emptyMessage={table.filter.trim() ? 'No post has this in its title.' : 'No posts yet.'}
      />
    </div>
  );
}

const PAGE_NAMES: Record<SitePageSlug, string> = {
  about: 'About',
  'privacy-policy': 'Privacy policy (also /privacy)',
  terms: 'Terms',
  cookies: 'Cookies',
  accessibility: 'Accessibility',
  careers: 'Careers and open positions',
};

/**
 * /admin/help: the help articles by category (each opens its editor), the site pages (each opens
 * the page editor), and a form for a new article.
 */
export function AdminHelpPage() {
  const { data, isPending } = useQuery(helpIndexQuery);
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    try {
      const article = await apiPost<{ title: string }>('/api/help/articles', {
        title: String(f.get('title') ?? ''),
        category: String(f.get('category') ?? ''),
        summary: String(f.get('summary') ?? ''),
        body: String(f.get('body') ?? ''),
        isFaq: f.get('isFaq') === 'on',
      });
      form.reset();
      setSaved(article.title);
      setProblem(null);
      void client.invalidateQueries({ queryKey: ['help'] });
    } catch (error) {
      setProblem(errorMessage(error, 'The article could not be saved.'));
    }
  };
  if (isPending) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-6">
      <title>Help and pages</title>
      <h1 className="text-2xl font-bold">Help and pages</h1>
      <section aria-labelledby="site-pages" className="rounded-lg border border-border p-5">
        <h2 id="site-pages" className="mb-1 text-lg font-semibold">
          Site pages
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">
          Until a page is edited, visitors see the built-in text with this site's name and contact
          address.
        </p>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {SITE_PAGE_SLUGS.map((slug) => (
            <li key={slug}>
              <Link to={`/admin/help/pages/${slug}`} className="text-primary underline">
                {PAGE_NAMES[slug]}
              </Link>{' '}
              <span className="text-muted-foreground">/{slug}</span>
            </li>
          ))}
        </ul>
      </section>
      <h2 className="text-lg font-semibold">Help articles</h2>
      <div className="grid gap-6 md:grid-cols-2">
        {data?.categories.map((c) => (
          <section key={c.slug} aria-labelledby={`admin-cat-${c.slug}`}>
            <h3 id={`admin-cat-${c.slug}`} className="font-semibold">
              {c.name} ({c.articles.length})
            </h3>
            <ul className="list-disc pl-5 text-sm">
              {c.articles.map((a) => (
                <li key={a.id}>
                  <Link to={`/admin/help/articles/${a.id}`} className="text-primary underline">
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <form
        onSubmit={(e) => void onSubmit(e)}
        className="flex max-w-2xl flex-col gap-3 rounded-lg border border-border p-5"
      >
        <h2 className="text-lg font-semibold">New article</h2>
        {problem ? <Alert variant="destructive">{problem}</Alert> : null}
        {saved ? <Alert variant="success">Saved “{saved}”.</Alert> : null}
        <Field id="help-title" label="Title">
          <Input id="help-title" name="title" required />
        </Field>
        <Field id="help-category" label="Category">
          <Select id="help-category" name="category">
            {HELP_CATEGORIES.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="help-summary" label="Summary">
          <Input id="help-summary" name="summary" />
        </Field>
        <Field id="help-body" label="Body" hint="Plain text; a blank line starts a new paragraph.">
          <textarea
            id="help-body"
            name="body"
            rows={8}
            required
            className="rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        </Field>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isFaq" /> Show on the FAQ page
        </label>
        <Button type="submit" className="self-start">
          Save article
        </Button>
      </form>
    </div>
  );
}
