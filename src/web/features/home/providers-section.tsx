import { Building2, Mic2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

const LINKS = [
  {
    icon: Mic2,
    title: 'Vendors',
    text: 'DJs, caterers, hosts, photographers and more.',
    to: paths.vendors(),
  },
  {
    icon: Building2,
    title: 'Venues',
    text: 'Clubs, ballrooms, rooftops and event spaces.',
    to: paths.venues(),
  },
  {
    icon: Users,
    title: 'Organizers',
    text: 'Follow the people behind the events you love.',
    to: paths.organizers(),
  },
];

export function ProvidersSection() {
  return (
    <section aria-labelledby="home-providers" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-providers" title="Connect with providers">
        Everything an event needs, from the people who make it happen.
      </SectionHeading>
      <ul className="grid gap-4 md:grid-cols-3">
        {LINKS.map((link) => (
          <li key={link.title}>
            <Link
              to={link.to}
              className="flex h-full flex-col gap-2 rounded-lg border border-border bg-card p-6 hover:border-primary"
            >
              <link.icon aria-hidden="true" className="size-8 text-primary" />
              <span className="text-lg font-semibold">{link.title}</span>
              <span className="text-sm text-muted-foreground">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center">
        <Link to={paths.providers()} className="font-medium text-primary underline">
          See all service providers
        </Link>
      </p>
    </section>
  );
}
