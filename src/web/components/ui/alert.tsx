import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { HTMLAttributes } from 'react';
import { cnLight } from '../../lib/cn-light';

export type AlertVariant = 'info' | 'success' | 'destructive';

const VARIANTS: Record<AlertVariant, string> = {
  info: 'border-border bg-primary-soft text-foreground',
  success: 'border-success/40 bg-success-soft text-success',
  destructive: 'border-destructive/50 bg-destructive-soft text-destructive',
};

const ICONS = { info: Info, success: CircleCheck, destructive: CircleAlert };

/**
 * A message box. Destructive ones are `role="alert"` (read out at once); the others are
 * `role="status"` (read out politely).
 */
export function Alert({
  variant = 'info',
  title,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & { variant?: AlertVariant; title?: string }) {
  const Icon = ICONS[variant];
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cnLight(
        'flex gap-3 rounded-md border px-4 py-3 text-sm',
        VARIANTS[variant],
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {/* Not a flex column: text and links in `children` stay on one line. */}
      <div className="min-w-0 flex-1 space-y-2">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
