import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';
import { pageWindow } from '../lib/pagination';

/** Previous, numbered pages with gaps, Next: the directories' pager (hidden for one page). */
export function PageNav(props: { page: number; last: number; onPage: (page: number) => void }) {
  const { page, last, onPage } = props;
  const { t } = useLingui();
  if (last <= 1) return null;
  return (
    <nav aria-label={t`Pages`} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        <Trans>Previous</Trans>
      </Button>
      {pageWindow(page, last).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-2 text-muted-foreground">
            …
          </span>
        ) : (
          <Button
            key={item}
            variant={item === page ? 'primary' : 'ghost'}
            size="sm"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t`Page ${item}`}
            onClick={() => onPage(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button variant="ghost" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Button>
    </nav>
  );
}
