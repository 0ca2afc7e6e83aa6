import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

/**
 * The "new one" form beside a list (New list, New funnel): a bordered form named by its heading,
 * the request's error above the fields and the submit button, off while the request runs.
 */
export function SideForm({
  title,
  error,
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  title: string;
  /** The failed request's message; null when there is none or a field shows it instead. */
  error: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {title}
      </h2>
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      {children}
      <Button type="submit" disabled={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
