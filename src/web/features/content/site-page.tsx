import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { SitePage as SitePageData, SitePageSlug } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { PageSpinner } from '../../components/ui/spinner';
import { formatDate, sitePageQuery } from './api';
import { LanguageFallbackNote, useContentLocale } from './language-fallback';

/** /about, /privacy-policy, /privacy, /terms, /cookies, /accessibility, /careers: editable pages. */
export function SitePage({ slug }: { slug: SitePageSlug }) {
  const { data, isPending, isError } = useQuery(sitePageQuery(slug, useContentLocale()));
  if (isPending) return <PageSpinner />;
  if (isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert variant="destructive">
          <Trans>This page could not be loaded. Please try again.</Trans>
        </Alert>
      </div>
    );
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <title>{data.title}</title>
      <LanguageFallbackNote shown={data.language} kind="page" />
      <div lang={data.language}>
        <SitePageContent page={data} />
      </div>
    </article>
  );
}

/** The page as visitors see it; the admin editor's preview shows the same. */
export function SitePageContent({
  page,
  headingLevel = 1,
}: {
  page: Pick<SitePageData, 'slug' | 'title' | 'bodyHtml' | 'updatedAt' | 'openings'>;
  /** The editor's preview sits under the editor's own h1. */
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const Item = headingLevel === 1 ? 'h3' : 'h4';
  const updated = page.updatedAt ? formatDate(page.updatedAt) : '';
  return (
    <>
      <Heading className="text-4xl font-extrabold tracking-tight">{page.title}</Heading>
      {page.updatedAt ? (
        <p className="mt-2 text-sm text-muted-foreground">
          <Trans>Last updated {updated}</Trans>
        </p>
      ) : null}
      {/* Built-in text or an admin's edit, sanitized on the server when saved. */}
      <div
        className="mt-8 space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:rounded-lg [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:ps-6 [&_blockquote]:border-s-4 [&_blockquote]:ps-4"
        dangerouslySetInnerHTML={{ __html: page.bodyHtml }}
      />
      {page.slug === 'careers' ? (
        <section aria-labelledby="openings" className="mt-10">
          <Sub id="openings" className="mb-4 text-2xl font-bold">
            <Trans>Open positions</Trans>
          </Sub>
          {page.openings.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
              <Trans>There are no open positions right now. Check back later.</Trans>
            </p>
          ) : (
            <ul className="space-y-4">
              {page.openings.map((o, i) => (
                <li key={`${i}:${o.title}`} className="rounded-lg border border-border p-5">
                  <Item className="text-lg font-semibold">{o.title}</Item>
                  {o.location ? (
                    <p className="text-sm text-muted-foreground">{o.location}</p>
                  ) : null}
                  <p className="mt-2">{o.description}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
