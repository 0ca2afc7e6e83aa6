import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Building2, Mic2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

const LINKS = [
  {
    icon: Mic2,
    title: msg`Vendors`,
    text: msg`DJs, caterers, hosts, photographers and more.`,
    to: paths.vendors(),
  },
  {
    icon: Building2,
    title: msg`Venues`,
    text: msg`Clubs, ballrooms, rooftops and event spaces.`,
    to: paths.venues(),
  },
  {
    icon: Users,
    title: msg`Organizers`,
    text: msg`Follow the people behind the events you love.`,
    to: paths.organizers(),
  },
];

export function ProvidersSection() {
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="home-providers" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-providers" title={t`Connect with providers`}>
        <Trans>Everything an event needs, from the people who make it happen.</Trans>
      </SectionHeading>
      <ul className="grid gap-4 md:grid-cols-3">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex h-full flex-col gap-2 rounded-lg border border-border bg-card p-6 hover:border-primary"
            >
              <link.icon aria-hidden="true" className="size-8 text-primary" />
              <span className="text-lg font-semibold">{i18n._(link.title)}</span>
              <span className="text-sm text-muted-foreground">{i18n._(link.text)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center">
        <Link to={paths.providers()} className="font-medium text-primary underline">
          <Trans>See all service providers</Trans>
        </Link>
      </p>
    </section>
  );
}
