import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * "Are you sure?" for destructive actions: the question, what happens, the failure if the last
 * try failed, a way out (the safe button first) and the action, disabled while it runs.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  error,
  cancelLabel,
  confirmLabel,
  isPending,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  error: string | null;
  cancelLabel: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  /** As the Dialog's: where focus goes once it closes. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {error ? <Alert variant="destructive">{error}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant="destructive" disabled={isPending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
