import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { BookOpen, HelpCircle, LifeBuoy, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { SectionHeading } from './section-heading';

const RESOURCES = [
  { icon: Sparkles, title: msg`Create events`, to: '/features/create-events' },
  { icon: BookOpen, title: msg`Ticket sales`, to: '/features/ticket-sales' },
  { icon: HelpCircle, title: msg`Help & FAQ`, to: paths.help() },
  { icon: LifeBuoy, title: msg`Contact support`, to: paths.contact() },
];

export function ResourcesSection() {
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="home-resources" className="mx-auto max-w-6xl px-4 py-12">
      <SectionHeading id="home-resources" title={t`More resources`} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {RESOURCES.map((r) => (
          <li key={r.to}>
            <Link
              to={r.to}
              className="flex items-center gap-3 rounded-lg border border-border p-4 hover:bg-muted"
            >
              <r.icon aria-hidden="true" className="size-5 text-primary" />
              <span className="font-medium">{i18n._(r.title)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
