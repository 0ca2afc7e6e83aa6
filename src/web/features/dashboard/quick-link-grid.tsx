import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { QuickLink } from './quick-links';

export function QuickLinkGrid({
  links,
  title = 'Quick links',
}: {
  links: QuickLink[];
  title?: string;
}) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((link) => (
          <li key={link.to + link.label}>
            <Link
              to={link.to}
              className="group flex h-full items-center justify-between gap-3 rounded-lg border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary hover:bg-primary-soft"
            >
              <span className="flex flex-col">
                <span className="font-semibold">{link.label}</span>
                <span className="text-sm text-muted-foreground">{link.description}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-primary" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
