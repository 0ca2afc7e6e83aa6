import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

// The blog arrives with its own issue; until then these are the guides that exist today.
const GUIDES = [
  { title: 'How to create and publish an event', to: '/features/create-events' },
  { title: 'Finding vendors for your event', to: '/features/vendor-search' },
  { title: 'Selling tickets online', to: '/features/ticket-sales' },
];

export function ArticlesSection() {
  return (
    <section aria-labelledby="home-articles" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-articles" title="Latest articles">
        Guides for organizers, vendors and venues.
      </SectionHeading>
      <ul className="grid gap-4 md:grid-cols-3">
        {GUIDES.map((guide) => (
          <li key={guide.title}>
            <Link
              to={guide.to}
              className="flex h-full flex-col gap-2 rounded-lg border border-border p-5 hover:border-primary"
            >
              <span className="text-xs font-semibold text-primary uppercase">Guide</span>
              <span className="font-semibold">{guide.title}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center">
        <Link to={paths.blog()} className="font-medium text-primary underline">
          Visit the blog
        </Link>
      </p>
    </section>
  );
}
