import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  SITE_PAGE_SLUGS,
  type PostSummary,
  type SitePageSlug,
  type SupportStatus,
} from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { DataTable, type DataTableState } from '../../components/ui/data-table';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import {
  formatDate,
  helpIndexQuery,
  managePostsQuery,
  supportQueueQuery,
  ticketQuery,
  unansweredQuery,
} from './api';
import { useHelpCategoryName } from './help-categories';
import { NewHelpArticleForm } from './new-help-article-form';
import { TicketThread } from './ticket-thread';
import { TOPIC_LABELS } from './support-topics';

const FILTERS: (SupportStatus | 'all')[] = ['open', 'pending', 'closed', 'all'];
const FILTER_LABELS: Record<SupportStatus | 'all', MessageDescriptor> = {
  open: msg`Open`,
  pending: msg`Pending`,
  closed: msg`Closed`,
  all: msg`All`,
};
const POST_STATUS_LABELS: Record<PostSummary['status'], MessageDescriptor> = {
  draft: msg`Draft`,
  scheduled: msg`Scheduled`,
  published: msg`Published`,
};

/** /admin/support: the support inbox (admins and moderators). */
export function AdminSupportPage() {
  const [status, setStatus] = useState<SupportStatus | 'all'>('open');
  const [selected, setSelected] = useState<string | null>(null);
  const queue = useQuery(supportQueueQuery(status));
  const unanswered = useQuery(unansweredQuery);
  const { t, i18n } = useLingui();
  // Requests keep the topic as sent; one unknown to this version shows as it is.
  const topicName = (topic: string) =>
    topic in TOPIC_LABELS ? i18n._(TOPIC_LABELS[topic as keyof typeof TOPIC_LABELS]) : topic;
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Support inbox`}</title>
      <h1 className="text-2xl font-bold">
        <Trans>Support inbox</Trans>
      </h1>
      <div role="group" aria-label={t`Status`} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={status === f ? 'primary' : 'outline'}
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
          >
            {i18n._(FILTER_LABELS[f])}
          </Button>
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <section aria-label={t`Requests`}>
          {queue.isPending ? (
            <Spinner />
          ) : queue.isError ? (
            <Alert variant="destructive">
              {errorMessage(queue.error, t`The inbox could not be loaded.`)}
            </Alert>
          ) : queue.data.items.length === 0 ? (
            <p className="text-muted-foreground">
              <Trans>No requests here.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border">
              {queue.data.items.map((ticket) => (
                <li key={ticket.id}>
                  <button
                    type="button"
                    aria-current={selected === ticket.id}
                    onClick={() => setSelected(ticket.id)}
                    className="w-full px-4 py-3 text-start text-sm hover:bg-muted/50 aria-[current=true]:bg-primary-soft"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium">{ticket.reference}</span>
                      <Badge variant={ticket.status === 'open' ? 'warning' : 'outline'}>
                        {i18n._(FILTER_LABELS[ticket.status])}
                      </Badge>
                    </span>
                    <span className="block truncate">{ticket.subject}</span>
                    <span className="block text-xs text-muted-foreground">
                      {ticket.name} ·{' '}
                      {ticket.source === 'chatbot'
                        ? t`from the assistant`
                        : topicName(ticket.topic)}{' '}
                      · {formatDate(ticket.updatedAt)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label={t`Conversation`}>
          {selected ? (
            <StaffTicket id={selected} />
          ) : (
            <p className="text-muted-foreground">
              <Trans>Choose a request.</Trans>
            </p>
          )}
        </section>
      </div>
      <section aria-labelledby="unanswered" className="rounded-lg border border-border p-5">
        <h2 id="unanswered" className="mb-2 text-lg font-semibold">
          <Trans>Questions the assistant could not answer</Trans>
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">
          <Trans>Write help articles for the frequent ones.</Trans>
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
          <p className="text-sm text-muted-foreground">
            <Trans>None so far.</Trans>
          </p>
        )}
      </section>
    </div>
  );
}

function StaffTicket({ id }: { id: string }) {
  const { data, isPending, isError } = useQuery(ticketQuery(id));
  const { i18n } = useLingui();
  if (isPending) return <Spinner />;
  if (isError)
    return (
      <Alert variant="destructive">
        <Trans>This request could not be loaded.</Trans>
      </Alert>
    );
  return (
    <div>
      <h2 className="text-lg font-semibold">
        {data.reference}: {data.subject}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {data.name} &lt;{data.email}&gt; · {i18n._(FILTER_LABELS[data.status])}
      </p>
      <TicketThread ticket={data} asStaff />
    </div>
  );
}

/** /admin/blog: every post with drafts and scheduled ones; headers in the reader's language. */
const postColumns = (i18n: I18n): ColumnDef<PostSummary, never>[] => [
  {
    id: 'title',
    header: i18n._(msg`Title`),
    cell: ({ row }) => (
      <Link to={`/edit-post/${row.original.id}`} className="text-primary underline">
        {row.original.title}
      </Link>
    ),
  },
  {
    id: 'status',
    header: i18n._(msg`Status`),
    cell: ({ row }) => (
      <Badge variant={row.original.status === 'published' ? 'success' : 'warning'}>
        {i18n._(POST_STATUS_LABELS[row.original.status])}
      </Badge>
    ),
  },
  {
    id: 'date',
    header: i18n._(msg`Date`),
    cell: ({ row }) => formatDate(row.original.publishedAt),
  },
  { id: 'author', header: i18n._(msg`Author`), cell: ({ row }) => row.original.author.name },
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
  const { t, i18n } = useLingui();
  const columns = useMemo(() => postColumns(i18n), [i18n, i18n.locale]);
  return (
    <div className="flex flex-col gap-4">
      <title>{t`Blog posts`}</title>
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">
          <Trans>Blog posts</Trans>
        </h1>
        <Link to="/create-post" className={buttonClasses({})}>
          <Trans>Write a post</Trans>
        </Link>
      </div>
      <DataTable
        caption={t`Blog posts`}
        captionHidden
        columns={columns}
        data={posts.data?.items}
        total={posts.data?.total ?? 0}
        state={table}
        onStateChange={setTable}
        getRowId={(post) => post.id}
        isLoading={posts.isFetching}
        error={posts.isError ? errorMessage(posts.error, t`The posts could not be loaded.`) : null}
        onRetry={() => void posts.refetch()}
        filterLabel={t`Search titles`}
        emptyMessage={table.filter.trim() ? t`No post has this in its title.` : t`No posts yet.`}
      />
    </div>
  );
}

const PAGE_NAMES: Record<SitePageSlug, MessageDescriptor> = {
  about: msg`About`,
  'privacy-policy': msg`Privacy policy (also /privacy)`,
  terms: msg`Terms`,
  cookies: msg`Cookies`,
  accessibility: msg`Accessibility`,
  careers: msg`Careers and open positions`,
};

/**
 * /admin/help: the help articles by category (each opens its editor), the site pages (each opens
 * the page editor), and a form for a new article.
 */
export function AdminHelpPage() {
  const { data, isPending } = useQuery(helpIndexQuery('en'));
  const { t, i18n } = useLingui();
  const categoryName = useHelpCategoryName();
  if (isPending) return <PageSpinner />;
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Help and pages`}</title>
      <h1 className="text-2xl font-bold">
        <Trans>Help and pages</Trans>
      </h1>
      <section aria-labelledby="site-pages" className="rounded-lg border border-border p-5">
        <h2 id="site-pages" className="mb-1 text-lg font-semibold">
          <Trans>Site pages</Trans>
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">
          <Trans>
            Until a page is edited, visitors see the built-in text with this site's name and contact
            address.
          </Trans>
        </p>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {SITE_PAGE_SLUGS.map((slug) => (
            <li key={slug}>
              <Link to={`/admin/help/pages/${slug}`} className="text-primary underline">
                {i18n._(PAGE_NAMES[slug])}
              </Link>{' '}
              <span className="text-muted-foreground">/{slug}</span>
            </li>
          ))}
        </ul>
      </section>
      <h2 className="text-lg font-semibold">
        <Trans>Help articles</Trans>
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        {data?.categories.map((c) => (
          <section key={c.slug} aria-labelledby={`admin-cat-${c.slug}`}>
            <h3 id={`admin-cat-${c.slug}`} className="font-semibold">
              {categoryName(c.slug)} ({c.articles.length})
            </h3>
            <ul className="list-disc ps-5 text-sm">
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
      <NewHelpArticleForm />
    </div>
  );
}
