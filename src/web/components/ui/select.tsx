import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A native select with our look: native so phones show their own picker and every screen
 * reader knows it. (spec §9 "Dropdown lists are 200 px high" applies to custom lists only.)
 */
export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select
      className={cn(
        'h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground',
        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
        className,
      )}
      {...props}
    />
  );
}
