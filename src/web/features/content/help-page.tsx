import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MessageCircleQuestion } from 'lucide-react';
import { Suspense, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { PageSpinner, Spinner } from '../../components/ui/spinner';
import { helpArticleQuery, helpIndexQuery, helpSearchQuery, sendHelpFeedback } from './api';
import { HelpBody } from './help-body';
import { LanguageFallbackNote, useContentLocale } from './language-fallback';
import { useHelpCategoryName } from './help-categories';
import { lazyPage } from '../../app/lazy-page';
import { pageDataFor } from '../../app/server-head';

const ChatPanel = lazyPage(() => import('./chat-panel').then((m) => m.ChatPanel));
/** /help: search, categories with their articles, popular articles, one article, the assistant. */
export function HelpPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const article = params.get('article');
  const [chatOpen, setChatOpen] = useState(params.get('chat') === '1');
  const { t } = useLingui();

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(value ? { q: value } : {});
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{t`Help center`}</title>
      <section className="mb-10 rounded-xl bg-primary-soft px-6 py-10 text-center">
        <h1 className="text-3xl font-bold tracking-tight">
          <Trans>How can we help?</Trans>
        </h1>
        <form role="search" onSubmit={onSearch} className="mx-auto mt-6 flex max-w-xl gap-2">
          <label htmlFor="help-search" className="sr-only">
            <Trans>Search the help center</Trans>
          </label>
          <Input
            id="help-search"
            name="q"
            type="search"
            key={q}
            defaultValue={q}
            placeholder={t`e.g. refund, reset password`}
          />
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
        </form>
        <p className="mt-4 text-sm">
          <Link to="/faq" className="text-primary underline">
            <Trans>Frequently asked questions</Trans>
          </Link>
          {' · '}
          <Link to="/contact" className="text-primary underline">
            <Trans>Contact support</Trans>
          </Link>
        </p>
      </section>
      {article ? <ArticleView slug={article} /> : q ? <SearchResults q={q} /> : <HelpIndexView />}
      <section
        aria-labelledby="help-assistant"
        className="mt-12 rounded-xl border border-border p-6 text-center"
      >
        <MessageCircleQuestion aria-hidden="true" className="mx-auto size-8 text-primary" />
        <h2 id="help-assistant" className="mt-2 text-xl font-semibold">
          <Trans>Ask our assistant</Trans>
        </h2>
        <p className="text-sm text-muted-foreground">
          <Trans>It answers from this help center, and hands you to a person when it can't.</Trans>
        </p>
        {chatOpen ? (
          <Suspense fallback={<Spinner label={t`Loading the assistant`} />}>
            <div className="mx-auto mt-4 max-w-xl text-start">
              <ChatPanel onClose={() => setChatOpen(false)} />
            </div>
          </Suspense>
        ) : (
          <Button className="mt-4" onClick={() => setChatOpen(true)}>
            <Trans>Chat with the assistant</Trans>
          </Button>
        )}
      </section>
    </div>
  );
}

/**
 * A screen tall while the help arrives, so the assistant's section below starts off the first
 * screen and is not pushed down when the articles appear.
 */
function HelpLoading() {
  return (
    <div className="min-h-svh">
      <PageSpinner />
    </div>
  );
}

function HelpIndexView() {
  const locale = useContentLocale();
  // On /help the server wrote the index into the HTML in the page's language: the first render
  // has it (the app still asks in the background, as for the blog: the page may be 5 s old).
  const { pathname } = useLocation();
  const [seed] = useState(() => pageDataFor(pathname, 'help'));
  const { data, isPending, isError } = useQuery({
    ...helpIndexQuery(locale),
    ...(seed?.locale === locale ? { initialData: seed.index } : {}),
  });
  const categoryName = useHelpCategoryName();
  if (isPending) return <HelpLoading />;
  if (isError)
    return (
      <Alert variant="destructive">
        <Trans>The help center could not be loaded.</Trans>
      </Alert>
    );
  return (
    <>
      {data.popular.length ? (
        <section aria-labelledby="popular" className="mb-10">
          <h2 id="popular" className="mb-4 text-2xl font-bold">
            <Trans>Popular articles</Trans>
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.popular.map((a) => (
              <li key={a.id}>
                <Link
                  to={`/help?article=${a.slug}`}
                  className="block rounded-lg border border-border p-4 hover:border-primary"
                >
                  <span dir="auto" className="block font-medium">
                    {a.title}
                  </span>
                  <span dir="auto" className="mt-1 block text-sm text-muted-foreground">
                    {a.summary}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="grid gap-8 md:grid-cols-2">
        {data.categories
          .filter((c) => c.articles.length)
          .map((category) => (
            <section key={category.slug} aria-labelledby={`cat-${category.slug}`}>
              <h2 id={`cat-${category.slug}`} className="mb-3 text-xl font-semibold">
                {categoryName(category.slug)}
              </h2>
              <ul className="space-y-2">
                {category.articles.map((a) => (
                  <li key={a.id}>
                    <Link
                      to={`/help?article=${a.slug}`}
                      dir="auto"
                      className="text-primary underline-offset-2 hover:underline"
                    >
                      {a.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
    </>
  );
}

function SearchResults({ q }: { q: string }) {
  const { data, isPending, isError } = useQuery(helpSearchQuery(q, useContentLocale()));
  const categoryName = useHelpCategoryName();
  if (isPending) return <HelpLoading />;
  if (isError)
    return (
      <Alert variant="destructive">
        <Trans>The search failed. Please try again.</Trans>
      </Alert>
    );
  const corrected = data.correctedQuery;
  return (
    <section aria-labelledby="results">
      <h2 id="results" className="mb-2 text-2xl font-bold">
        <Trans>Results for “{q}”</Trans>
      </h2>
      {data.correctedQuery ? (
        <p className="mb-4 text-sm text-muted-foreground">
          <Trans>Showing results for “{corrected}”.</Trans>
        </p>
      ) : null}
      {data.items.length === 0 ? (
        <p className="text-muted-foreground">
          <Trans>
            No articles match. Try other words, ask the assistant below, or{' '}
            <Link to="/contact" className="text-primary underline">
              contact support
            </Link>
            .
          </Trans>
        </p>
      ) : (
        <ul className="space-y-3">
          {data.items.map((a) => (
            <li key={a.id} className="rounded-lg border border-border p-4">
              <Link
                to={`/help?article=${a.slug}`}
                dir="auto"
                className="font-medium text-primary hover:underline"
              >
                {a.title}
              </Link>
              <p className="text-xs text-muted-foreground">{categoryName(a.category)}</p>
              <p dir="auto" className="mt-1 text-sm">
                {a.snippet}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ArticleView({ slug }: { slug: string }) {
  const { data, isPending, isError } = useQuery(helpArticleQuery(slug, useContentLocale()));
  const categoryName = useHelpCategoryName();
  const { t } = useLingui();
  const feedback = useMutation({
    mutationFn: (helpful: boolean) => sendHelpFeedback(data?.id ?? '', helpful),
  });
  if (isPending) return <HelpLoading />;
  if (isError)
    return (
      <Alert variant="destructive">
        <Trans>This article could not be found.</Trans>
      </Alert>
    );
  const title = data.title;
  return (
    <article aria-labelledby="article-title">
      <title>{t`${title} · Help`}</title>
      <p className="mb-2 text-sm">
        <Link to="/help" className="text-primary underline">
          <Trans>Help center</Trans>
        </Link>{' '}
        › {categoryName(data.category)}
      </p>
      <LanguageFallbackNote shown={data.language} kind="article" />
      {/* The article's own language (English when it fell back), for screen readers' voices. */}
      <div lang={data.language}>
        <h2 id="article-title" dir="auto" className="text-3xl font-bold">
          {data.title}
        </h2>
        <HelpBody body={data.body} />
      </div>
      <div className="mt-8 rounded-lg border border-border p-4">
        {feedback.isSuccess ? (
          <p role="status">
            <Trans>Thanks for your feedback!</Trans>
          </p>
        ) : (
          <fieldset className="flex flex-wrap items-center gap-3">
            <legend className="float-start me-2 font-medium">
              <Trans>Was this helpful?</Trans>
            </legend>
            <Button
              variant="outline"
              size="sm"
              onClick={() => feedback.mutate(true)}
              disabled={feedback.isPending}
            >
              <Trans>Yes</Trans>
            </Button>
            <Button
              variant="outline"
              size="sm"
              onClick={() => feedback.mutate(false)}
              disabled={feedback.isPending}
            >
              <Trans>No</Trans>
            </Button>
          </fieldset>
        )}
        {feedback.isSuccess && feedback.variables === false ? (
          <p className="mt-2 text-sm">
            <Trans>
              Sorry about that.{' '}
              <Link to="/contact" className="text-primary underline">
                Tell our support team
              </Link>{' '}
              what you were looking for.
            </Trans>
          </p>
        ) : null}
      </div>
    </article>
  );
}
