import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/api-client';

// What the two lists of the platform tax page share (decisions 088, 093): a row with what is
// taxed, its rate and its buttons, and the confirmation before a rate is removed.

/** One rate of a list: what is taxed, the rate, and the buttons (Edit, Remove, Add). */
export function PlatformTaxRateRow({
  title,
  detail,
  children,
}: {
  title: string;
  detail: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col">
        <span className="break-words font-medium">{title}</span>
        <span className="text-sm text-muted-foreground">{detail}</span>
      </div>
      <div className="flex flex-wrap gap-2">{children}</div>
    </li>
  );
}

/** Remove, naming whose rate for screen readers (every row has one). */
export function RemoveRateButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" onClick={onClick}>
      <Trans>
        Remove<span className="sr-only"> the rate of {name}</span>
      </Trans>
    </Button>
  );
}

/**
 * Asks before a rate is removed; open while `removing` is set. A failed removal stays in the
 * dialog with the server's message, so the person can try again or keep the rate.
 */
export function RemoveRateDialog({
  removing,
  description,
  removal,
  onCancel,
  onConfirm,
}: {
  /** Whose rate, or null when nothing is being removed. */
  removing: string | null;
  description: string;
  removal: { isError: boolean; error: unknown; isPending: boolean };
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  const name = removing ?? '';
  return (
    <ConfirmDialog
      open={removing !== null}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={name ? t`Remove the rate of ${name}?` : ''}
      description={description}
      error={
        removal.isError ? errorMessage(removal.error, t`The tax rate could not be removed.`) : null
      }
      cancelLabel={t`Keep the rate`}
      confirmLabel={t`Remove rate`}
      isPending={removal.isPending}
      onConfirm={onConfirm}
    />
  );
}
