import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { blogListQuery, PostCard } from '../content';
import { SectionHeading } from './section-heading';

/** spec §2 Home "latest articles": the newest three published posts (loaded near the screen). */
export function ArticlesSection() {
  const { t } = useLingui();
  const { data, isPending } = useQuery(blogListQuery({ page: 1 }));
  const posts = data?.items.slice(0, 3) ?? [];
  return (
    <section aria-labelledby="home-articles" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-articles" title={t`Latest articles`}>
        <Trans>Guides for organizers, vendors and venues.</Trans>
      </SectionHeading>
      {isPending ? (
        <div aria-hidden="true" className="grid gap-4 md:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-64 animate-pulse rounded-lg bg-muted" />
          ))}
        </div>
      ) : posts.length ? (
        <ul className="grid gap-4 md:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-center text-muted-foreground">
          <Trans>New articles are on their way.</Trans>
        </p>
      )}
      <p className="mt-6 text-center">
        <Link to={paths.blog()} className="font-medium text-primary underline">
          <Trans>Visit the blog</Trans>
        </Link>
      </p>
    </section>
  );
}
