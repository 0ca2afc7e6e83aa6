import { Trans, useLingui } from '@lingui/react/macro';
import { Clock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatTimeLeft, useTimeLeft } from '../countdown';

/**
 * The visible countdown of a checkout hold. The ticking numbers are a `timer` (not read out each
 * second); the sentence for screen readers changes only when the hold runs out.
 */
export function HoldCountdown({
  expiresAt,
  className,
}: {
  expiresAt: string | null;
  className?: string;
}) {
  const { t } = useLingui();
  const left = useTimeLeft(expiresAt);
  if (left === null) return null;
  const isOver = left === 0;
  const timeLeft = formatTimeLeft(left);
  return (
    <div
      className={cn(
        'flex items-center gap-2 rounded-md border px-3 py-2 text-sm',
        isOver
          ? 'border-destructive/50 bg-destructive-soft text-destructive'
          : left < 120_000
            ? 'border-warning/50 bg-warning-soft text-warning'
            : 'border-border bg-muted',
        className,
      )}
    >
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {isOver ? (
        <p role="alert">
          <Trans>Your reservation expired. Please choose your tickets again.</Trans>
        </p>
      ) : (
        <p>
          <Trans>
            Tickets reserved for{' '}
            <span role="timer" aria-label={t`Time left`} className="font-semibold tabular-nums">
              {timeLeft}
            </span>
          </Trans>
        </p>
      )}
    </div>
  );
}
