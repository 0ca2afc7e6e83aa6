import { Trans, useLingui } from '@lingui/react/macro';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../lib/api-client';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** A failed load with the server's message and a retry. */
export function LoadFailed({
  title,
  error,
  fallback,
  onRetry,
}: {
  title: string;
  error: unknown;
  /** What to say when the server gave no message; "Please try again later." by default. */
  fallback?: string;
  onRetry?: () => void;
}) {
  const { t } = useLingui();
  return (
    <Alert variant="destructive" title={title}>
      <p>{errorMessage(error, fallback ?? t`Please try again later.`)}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </Alert>
  );
}

/** Nothing to show yet, said plainly, with the next step. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-12 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </div>
  );
}

/** True for the API's "not yours" and "not there" answers, which pages show as their own state. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
export const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;
