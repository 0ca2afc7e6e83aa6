import { useLingui } from '@lingui/react/macro';
import { LoaderCircle } from 'lucide-react';
import { cnLight } from '../../lib/cn-light';

/** An announced loading indicator: screen readers hear the label through role="status". */
export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useLingui();
  return (
    <span
      role="status"
      aria-label={label ?? t`Loading`}
      className={cnLight('inline-flex', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
    </span>
  );
}

/** The fallback while a lazily loaded page arrives (spec §2). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner className="[&>svg]:size-8" />
    </div>
  );
}
