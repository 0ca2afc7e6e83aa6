import type { HTMLAttributes } from 'react';
import { cnLight } from '../../lib/cn-light';

export type BadgeVariant = 'default' | 'outline' | 'success' | 'danger' | 'warning';

const VARIANTS: Record<BadgeVariant, string> = {
  default: 'bg-primary text-primary-foreground',
  outline: 'border border-border text-foreground',
  success: 'bg-success-soft text-success',
  danger: 'bg-destructive-soft text-destructive',
  warning: 'bg-warning-soft text-warning',
};

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cnLight(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
