import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../contracts/tickets';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedBy, Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney, parseMoneyInput } from '../../../lib/money';
import { useRefundOrder } from '../api';

/** Refund an order in full (what is left) or in part, with an optional reason. */
export function RefundDialog({
  eventId,
  order,
  onOpenChange,
}: {
  eventId: string;
  order: Order | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={order !== null}
      onOpenChange={onOpenChange}
      title="Refund order"
      description={
        order
          ? `${order.buyer.name} paid ${formatMoney(order.totalCents, order.currency)}; ${formatMoney(order.totalCents - order.refundedCents, order.currency)} can still be refunded.`
          : undefined
      }
    >
      {order ? (
        <RefundForm eventId={eventId} order={order} onDone={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function RefundForm({
  eventId,
  order,
  onDone,
}: {
  eventId: string;
  order: Order;
  onDone: () => void;
}) {
  const id = useId();
  const refund = useRefundOrder(eventId);
  const left = order.totalCents - order.refundedCents;
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    let amountCents: number | undefined;
    if (kind === 'partial') {
      const cents = parseMoneyInput(amount);
      if (cents === null || cents < 1) {
        setAmountError('Please enter the amount to refund');
        return;
      }
      if (cents > left) {
        setAmountError(`At most ${formatMoney(left, order.currency)} can be refunded`);
        return;
      }
      amountCents = cents;
    }
    setAmountError(undefined);
    refund.mutate(
      { orderId: order.id, amountCents, reason: reason.trim() || undefined },
      {
        onSuccess: (updated) => {
          toast.success(
            `Refunded ${formatMoney(amountCents ?? left, updated.currency)} to ${updated.buyer.name}`,
          );
          onDone();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {refund.isError ? (
        <Alert variant="destructive">
          {errorMessage(refund.error, 'The refund failed. Please try again.')}
        </Alert>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">How much</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-kind`}
            className="size-4 accent-primary"
            checked={kind === 'full'}
            onChange={() => setKind('full')}
          />
          Full refund ({formatMoney(left, order.currency)}); the tickets become invalid
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-kind`}
            className="size-4 accent-primary"
            checked={kind === 'partial'}
            onChange={() => setKind('partial')}
          />
          Partial refund; the tickets stay valid
        </label>
      </fieldset>
      {kind === 'partial' ? (
        <Field id={`${id}-amount`} label={`Amount (${order.currency})`} error={amountError}>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            aria-invalid={Boolean(amountError)}
            aria-describedby={describedBy(`${id}-amount`, { error: amountError })}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
      ) : null}
      <Field id={`${id}-reason`} label="Reason (optional)">
        <Input
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Keep payment
        </Button>
        <Button type="submit" variant="destructive" disabled={refund.isPending}>
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </Button>
      </div>
    </form>
  );
}
