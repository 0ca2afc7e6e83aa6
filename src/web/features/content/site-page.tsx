import { useQuery } from '@tanstack/react-query';
import type { SitePageSlug } from '../../../contracts/content';
import { Alert } from '../../components/ui/alert';
import { PageSpinner } from '../../components/ui/spinner';
import { formatDate, sitePageQuery } from './api';

/** /about, /privacy-policy, /privacy, /terms, /cookies, /accessibility, /careers: editable pages. */
export function SitePage({ slug }: { slug: SitePageSlug }) {
  const { data, isPending, isError } = useQuery(sitePageQuery(slug));
  if (isPending) return <PageSpinner />;
  if (isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert variant="destructive">This page could not be loaded. Please try again.</Alert>
      </div>
    );
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <title>{data.title}</title>
      <h1 className="text-4xl font-extrabold tracking-tight">{data.title}</h1>
      {data.updatedAt ? (
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated {formatDate(data.updatedAt)}
        </p>
      ) : null}
      {/* Built-in text or an admin's edit, sanitized on the server when saved. */}
      <div
        className="mt-8 space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: data.bodyHtml }}
      />
      {slug === 'careers' ? (
        <section aria-labelledby="openings" className="mt-10">
          <h2 id="openings" className="mb-4 text-2xl font-bold">
            Open positions
          </h2>
          {data.openings.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground">
              There are no open positions right now. Check back later.
            </p>
          ) : (
            <ul className="space-y-4">
              {data.openings.map((o) => (
                <li key={o.title} className="rounded-lg border border-border p-5">
                  <h3 className="text-lg font-semibold">{o.title}</h3>
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
    </article>
  );
}
