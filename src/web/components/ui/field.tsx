import type { ReactNode } from 'react';
import { useContractText } from '../../i18n/contract-text';
import { Label } from './label';

/**
 * A labelled form control with its hint and error. The control gets `id`, and should carry
 * `aria-describedby={describedBy(id, …)}` and `aria-invalid` so the error is read with it.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  // A schema's message is the contracts' English: said here in the page's language.
  const say = useContractText();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {typeof error === 'string' ? say(error) : error}
        </p>
      ) : null}
    </div>
  );
}

/** The ids a control's `aria-describedby` names: its hint and, when shown, its error. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
