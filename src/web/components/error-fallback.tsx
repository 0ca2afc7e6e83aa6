import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { revealAppPage } from '../app/server-first-view';
import { Button } from './ui/button';

/** spec §2 / §8 "Render error": the screen every unexpected failure lands on. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  useLayoutEffect(revealAppPage, []);
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold">
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="text-muted-foreground">
        <Trans>An unexpected error stopped this page from showing. Please try again.</Trans>
      </p>
      <Button onClick={onRetry}>
        <Trans>Try Again</Trans>
      </Button>
    </div>
  );
}
