import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';

export function EmptyEvents({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-12 text-center">
      <CalendarX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert variant="destructive" title={t`Events could not be loaded`}>
      <p>{errorMessage(error, t`Failed to load events data. Please try again later.`)}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}

export function LoadMore({
  hasMore,
  isLoading,
  onLoad,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onLoad: () => void;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-8 flex justify-center">
      <Button variant="outline" onClick={onLoad} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? <Trans>Loading…</Trans> : <Trans>Load more</Trans>}
      </Button>
    </div>
  );
}
