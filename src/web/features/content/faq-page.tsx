import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageSpinner } from '../../components/ui/spinner';
import { faqQuery } from './api';
import { useContentLocale } from './language-fallback';

/** /faq: the common questions as an accordion (buttons with aria-expanded, WAI-ARIA pattern). */
export function FaqPage() {
  const { data, isPending, isError } = useQuery(faqQuery(useContentLocale()));
  const [open, setOpen] = useState<string | null>(null);
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>{t`Frequently asked questions`}</title>
      <h1 className="mb-2 text-3xl font-bold tracking-tight">
        <Trans>Frequently asked questions</Trans>
      </h1>
      <p className="mb-8 text-muted-foreground">
        <Trans>
          Can't find your answer? Search the{' '}
          <Link to="/help" className="text-primary underline">
            help center
          </Link>{' '}
          or{' '}
          <Link to="/contact" className="text-primary underline">
            contact support
          </Link>
          .
        </Trans>
      </p>
      {isPending ? (
        <PageSpinner />
      ) : isError ? (
        <Alert variant="destructive">
          <Trans>The questions could not be loaded.</Trans>
        </Alert>
      ) : (
        <div className="divide-y divide-border rounded-lg border border-border">
          {data.items.map((item) => {
            const expanded = open === item.id;
            return (
              <div key={item.id}>
                <h2>
                  <button
                    type="button"
                    id={`faq-q-${item.id}`}
                    aria-expanded={expanded}
                    aria-controls={`faq-a-${item.id}`}
                    onClick={() => setOpen(expanded ? null : item.id)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-start font-medium hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span dir="auto">{item.question}</span>
                    <ChevronDown
                      aria-hidden="true"
                      className={`size-5 shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                    />
                  </button>
                </h2>
                <div
                  id={`faq-a-${item.id}`}
                  role="region"
                  aria-labelledby={`faq-q-${item.id}`}
                  hidden={!expanded}
                  className="space-y-3 px-5 pb-5 text-muted-foreground"
                >
                  {item.answer.split(/\n\s*\n/).map((p, i) => (
                    <p key={i} dir="auto">
                      {p}
                    </p>
                  ))}
                  <p>
                    <Link to={`/help?article=${item.slug}`} className="text-primary underline">
                      <Trans>Open in the help center</Trans>
                    </Link>
                  </p>
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
