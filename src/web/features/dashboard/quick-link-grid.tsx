import { useLingui } from '@lingui/react/macro';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { QuickLink } from './quick-links';

export function QuickLinkGrid({ links, title }: { links: QuickLink[]; title?: string }) {
  const { i18n, t } = useLingui();
  const heading = title ?? t`Quick links`;
  return (
    <nav aria-label={heading}>
      <h2 className="mb-3 text-lg font-semibold">{heading}</h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {links.map((link) => (
          <li key={link.to + (link.label.id ?? '')}>
            <Link
              to={link.to}
              className="group flex h-full items-center justify-between gap-3 rounded-lg border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary hover:bg-primary-soft"
            >
              <span className="flex flex-col">
                <span className="font-semibold">{i18n._(link.label)}</span>
                <span className="text-sm text-muted-foreground">{i18n._(link.description)}</span>
              </span>
              <ArrowRight
                aria-hidden="true"
                className="size-4 shrink-0 text-primary rtl:-scale-x-100"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
